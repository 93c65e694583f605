/**
 * Image work under a heavy photo (issue 21; `npm run bench -- images.` at the repository root; see bench/run.ts).
 * The photo is the security review's: 7000×7000, 16-bit RGBA, interlaced PNG, mostly one colour (a few hundred
 * KB that decode to ~400 MB). Embedded database only: the database is barely used. Each case runs on a fresh
 * server, so its peak memory (VmHWM) is its own.
 *
 * - `images.import`: user A imports a ZIP whose `clothes.csv` has 6 rows that all use that photo; half a second
 *   in, user B asks for the analysis of a 64 px photo five times one after another. Times: A's import, B's each.
 * - `images.analyses`: user A sends 8 analyses of that photo at once; half a second in, user B asks for one of a
 *   64 px photo. B's answer (status) and time, A's answers, the server's peak memory.
 */
import sharp from 'sharp';
import { profiles, users } from '../../src/db/schema/index.js';
import type { Database } from '../../src/db/client.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { zipStream } from '../../src/lib/zip-writer.js';
import { reviewPng } from '../../test/support/review-png.js';
import { memoryOf } from '../support/process-stats.js';
import { benchTarget, signIn, startBuiltServer, withDatabase, type BuiltServer } from '../support/servers.js';
import { timingRow, type BenchContext, type BenchRow, type Scenario } from '../support/types.js';

const PASSWORD = 'bench1234!';

const smallPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 40, b: 90 } } })
    .png()
    .toBuffer();

async function seedUsers(db: Database['db'], prefix: string): Promise<[string, string]> {
  const emails: [string, string] = [`${prefix}.a@otboo.bench`, `${prefix}.b@otboo.bench`];
  for (const email of emails) {
    const [user] = await db
      .insert(users)
      .values({ email, name: prefix, passwordHash: await hashPassword(PASSWORD) })
      .returning({ id: users.id });
    await db.insert(profiles).values({ userId: user!.id });
  }
  return emails;
}

/** Samples the server's resident memory every 100 ms until stopped; VmHWM gives the true peak anyway. */
function rssSampler(pid: number) {
  let max = 0;
  const timer = setInterval(() => {
    memoryOf(pid)
      .then((m) => (max = Math.max(max, m.rssMb)))
      .catch(() => undefined);
  }, 100);
  return { stop: () => (clearInterval(timer), max) };
}

async function withServer<T>(
  prefix: string,
  fn: (server: BuiltServer, a: string, b: string) => Promise<T>,
): Promise<T> {
  const target = await benchTarget('embedded');
  try {
    const [emailA, emailB] = await withDatabase(target, ({ db }) => seedUsers(db, prefix));
    const server = await startBuiltServer({ dataDir: target.dataDir });
    try {
      const [a, b] = await Promise.all([
        signIn(server.url, emailA, PASSWORD),
        signIn(server.url, emailB, PASSWORD),
      ]);
      return await fn(server, a.accessToken, b.accessToken);
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

const post = async (url: string, token: string, field: string, data: Buffer, name: string) => {
  const form = new FormData();
  form.append(field, new Blob([data]), name);
  const t = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - t };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function importScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const png = await reviewPng();
  const small = await smallPng();
  const chunks: Buffer[] = [];
  const csv = `name,type,photo\r\n${Array.from({ length: 6 }, (_, i) => `셔츠 ${i},TOP,photos/p.png`).join('\r\n')}\r\n`;
  for await (const c of zipStream(
    [
      { name: 'photos/p.png', data: png },
      { name: 'clothes.csv', data: Buffer.from(csv), compress: true },
    ],
    new Date(),
  ))
    chunks.push(c as Buffer);
  const archive = Buffer.concat(chunks);
  ctx.log(`photo ${Math.round(png.length / 1024)} KB, ZIP ${Math.round(archive.length / 1024)} KB`);
  return withServer(`imports${Date.now().toString(36)}`, async (server, a, b) => {
    // Warm-up: libvips' PNG codec loads with the first decode.
    await post(`${server.url}/api/clothes/analyses`, b, 'image', small, 'warm.png');
    const idle = await memoryOf(server.pid);
    const sampler = rssSampler(server.pid);
    const importing = post(`${server.url}/api/clothes/import`, a, 'file', archive, 'closet.zip');
    await pause(500);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(`${server.url}/api/clothes/analyses`, b, 'image', small, 'navy.png');
      if (res.status !== 200) throw new Error(`user B's analysis: ${res.status} ${res.body}`);
      waits.push(res.ms);
    }
    const imported = await importing;
    if (imported.status !== 200) throw new Error(`import: ${imported.status} ${imported.body}`);
    const sampled = sampler.stop();
    const after = await memoryOf(server.pid);
    return [
      timingRow('POST /api/clothes/import: 6 rows, one 7000×7000 16-bit PNG (user A)', [imported.ms], {
        database: 'embedded',
        notes: `${imported.body}; server RSS idle ${idle.rssMb} MB, peak ${after.peakMb} MB (sampled ${sampled} MB)`,
      }),
      timingRow("user B's 64 px analysis meanwhile (5 in a row)", waits, { database: 'embedded' }),
    ];
  });
}

async function analysesScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const png = await reviewPng();
  const small = await smallPng();
  return withServer(`analyses${Date.now().toString(36)}`, async (server, a, b) => {
    await post(`${server.url}/api/clothes/analyses`, b, 'image', small, 'warm.png');
    const idle = await memoryOf(server.pid);
    const sampler = rssSampler(server.pid);
    const flood = Promise.all(
      Array.from({ length: 8 }, () => post(`${server.url}/api/clothes/analyses`, a, 'image', png, 'p.png')),
    );
    await pause(500);
    const other = await post(`${server.url}/api/clothes/analyses`, b, 'image', small, 'navy.png');
    const answers = await flood;
    const sampled = sampler.stop();
    const after = await memoryOf(server.pid);
    const statuses = answers.map((r) => r.status).join(',');
    ctx.log(`user A's answers: ${statuses}; user B's: ${other.status}`);
    return [
      timingRow(
        "user A's 8 analyses of a 7000×7000 16-bit PNG at once (each request)",
        answers.map((r) => r.ms),
        {
          database: 'embedded',
          notes: `statuses ${statuses}; server RSS idle ${idle.rssMb} MB, peak ${after.peakMb} MB (sampled ${sampled} MB)`,
        },
      ),
      timingRow("user B's 64 px analysis meanwhile", [other.ms], {
        database: 'embedded',
        notes: `status ${other.status}${other.status === 200 ? '' : ` ${other.body}`}`,
      }),
    ];
  });
}

export const scenarios: Scenario[] = [
  {
    name: 'images.import',
    description:
      "an import of 6 rows on one 7000×7000 16-bit PNG: its time, RSS, another user's analyses meanwhile",
    run: importScenario,
  },
  {
    name: 'images.analyses',
    description: "8 analyses of a 7000×7000 16-bit PNG at once: another user's analysis meanwhile, RSS",
    run: analysesScenario,
  },
];
