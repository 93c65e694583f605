/**
 * Closet benchmarks (run by `npm run bench -- clothes` at the repository root; see bench/run.ts):
 *
 * - `clothes.list`: GET /api/clothes for one owner's 2,000-garment closet (two attribute values each) with a
 *   type filter, the closet's first page without a filter and a keyword search, under `--connections` for
 *   `--duration` seconds against the built server in its own process, per database; next to the app's own floor
 *   for a signed-in request (GET /api/clothes/attribute-defs) and the runner's hello world.
 * - `clothes.upload`: POST /api/clothes with a 4000×3000 JPEG photo (about 6 MB), re-encoded to a 1600 px WebP
 *   and a 400 px thumbnail: time per upload one after another and four at once, and the server process's peak
 *   memory (VmHWM in /proc) before and after. Embedded database only: the database is not what is measured.
 *
 * Every request goes to loopback; the link-import fetcher is never called.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ClothesType } from '@otboo/contract';
import { attributeDefs, clothes, clothesAttributes, profiles, users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { memoryOf } from '../support/process-stats.js';
import { runLoad } from '../support/load.js';
import { benchTarget, signIn, startBuiltServer, withDatabase } from '../support/servers.js';
import { timingRow, type BenchContext, type BenchRow, type DbKind, type Scenario } from '../support/types.js';

const CLOSET_SIZE = 2_000;
const PASSWORD = 'bench1234!';
const TYPES: ClothesType[] = [
  'TOP',
  'BOTTOM',
  'OUTER',
  'SHOES',
  'DRESS',
  'HAT',
  'BAG',
  'SCARF',
  'SOCKS',
  'ACCESSORY',
];
const NAMES = ['니트', '셔츠', '슬랙스', '코트', '운동화', '원피스', '비니', '토트백', '머플러', '양말'];
const COLORS = ['블랙', '화이트', '네이비', '베이지', '그레이', '카키'];

/** One user with a closet of `CLOSET_SIZE` garments (TOP is a tenth of them), written straight into the database. */
async function seedCloset(target: { dataDir: string; databaseUrl?: string }, email: string) {
  return withDatabase(target, async ({ db }) => {
    const [user] = await db
      .insert(users)
      .values({ email, name: 'closetbench', passwordHash: await hashPassword(PASSWORD) })
      .returning({ id: users.id });
    await db.insert(profiles).values({ userId: user!.id });
    const [color] = await db
      .insert(attributeDefs)
      .values({ name: '색상', selectableValues: COLORS })
      .returning({ id: attributeDefs.id });
    const [season] = await db
      .insert(attributeDefs)
      .values({ name: '계절', selectableValues: ['봄', '여름', '가을', '겨울'] })
      .returning({ id: attributeDefs.id });
    const start = Date.now() - CLOSET_SIZE * 60_000;
    const rows = Array.from({ length: CLOSET_SIZE }, (_, i) => ({
      id: randomUUID(),
      ownerId: user!.id,
      name: `${COLORS[i % COLORS.length]} ${NAMES[i % NAMES.length]} ${i}`,
      type: TYPES[i % TYPES.length]!,
      imageKey: `clothes/${randomUUID()}.webp`,
      thumbnailKey: `clothes/${randomUUID()}-thumb.webp`,
      createdAt: new Date(start + i * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insert(clothes).values(rows.slice(i, i + 500));
    const values = rows.flatMap((r, i) => [
      { clothesId: r.id, definitionId: color!.id, value: COLORS[i % COLORS.length]! },
      { clothesId: r.id, definitionId: season!.id, value: ['봄', '여름', '가을', '겨울'][i % 4]! },
    ]);
    for (let i = 0; i < values.length; i += 1000)
      await db.insert(clothesAttributes).values(values.slice(i, i + 1000));
    return user!.id;
  });
}

async function listScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ctx.databases) {
    const target = await benchTarget(kind);
    try {
      const email = `closet.${Date.now().toString(36)}@otboo.bench`;
      const ownerId = await seedCloset(target, email);
      ctx.log(`${kind}: seeded a ${CLOSET_SIZE}-garment closet`);
      const server = await startBuiltServer({
        dataDir: target.dataDir,
        ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
      });
      try {
        const { accessToken } = await signIn(server.url, email, PASSWORD);
        const headers = { authorization: `Bearer ${accessToken}` };
        const check = await fetch(`${server.url}/api/clothes?ownerId=${ownerId}&typeEqual=TOP&limit=20`, {
          headers,
        });
        const page = (await check.json()) as { totalCount: number; data: unknown[] };
        if (
          check.status !== 200 ||
          page.totalCount !== CLOSET_SIZE / TYPES.length ||
          page.data.length !== 20
        ) {
          throw new Error(`unexpected first page: ${check.status} ${JSON.stringify(page).slice(0, 200)}`);
        }
        const load = (name: string, query: string, database: DbKind) =>
          runLoad({
            name,
            url: `${server.url}/api/clothes?ownerId=${ownerId}&${query}`,
            connections: ctx.connections,
            durationSeconds: ctx.durationSeconds,
            headers,
          }).then((r) => ({ ...r, database }));
        // The app's floor for a signed-in request in the same run: token check plus one small query.
        rows.push(
          await runLoad({
            name: 'GET /api/clothes/attribute-defs (baseline: auth + one small query)',
            url: `${server.url}/api/clothes/attribute-defs`,
            connections: ctx.connections,
            durationSeconds: ctx.durationSeconds,
            headers,
          }).then((r) => ({ ...r, database: kind })),
        );
        rows.push(
          await load(
            `GET /api/clothes typeEqual=TOP (closet of ${CLOSET_SIZE})`,
            'typeEqual=TOP&limit=20',
            kind,
          ),
        );
        rows.push(await load(`GET /api/clothes first page (closet of ${CLOSET_SIZE})`, 'limit=20', kind));
        rows.push(
          await load(
            `GET /api/clothes keywordLike=코트 (closet of ${CLOSET_SIZE})`,
            `keywordLike=${encodeURIComponent('코트')}&limit=20`,
            kind,
          ),
        );
      } finally {
        await server.stop();
      }
    } finally {
      await target.cleanup();
    }
  }
  return rows;
}

/** A 4000×3000 photo-like JPEG (noise does not compress, like a real photo's detail). */
async function bigPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let x = 0x9e3779b9;
  for (let i = 0; i < raw.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    // Smooth gradients plus a little noise: about the size of a phone photo.
    raw[i] = ((i % (width * 3)) / 48 + Math.floor(i / (width * 3)) / 24 + (x & 0x1f)) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: 'BenchCam' } })
    .toBuffer();
}

async function uploadScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const target = await benchTarget('embedded');
  try {
    const email = `upload.${Date.now().toString(36)}@otboo.bench`;
    const ownerId = await withDatabase(target, async ({ db }) => {
      const [user] = await db
        .insert(users)
        .values({ email, name: 'uploadbench', passwordHash: await hashPassword(PASSWORD) })
        .returning({ id: users.id });
      await db.insert(profiles).values({ userId: user!.id });
      return user!.id;
    });
    const photo = await bigPhoto();
    ctx.log(`photo: 4000×3000 JPEG, ${(photo.length / 2 ** 20).toFixed(1)} MB`);
    const server = await startBuiltServer({ dataDir: target.dataDir });
    try {
      const pid = server.pid;
      const { accessToken } = await signIn(server.url, email, PASSWORD);
      const upload = async () => {
        const form = new FormData();
        form.append(
          'request',
          new Blob([JSON.stringify({ ownerId, name: '큰 사진', type: 'TOP' })], { type: 'application/json' }),
        );
        form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
        const t = performance.now();
        const res = await fetch(`${server.url}/api/clothes`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}` },
          body: form,
        });
        const body = await res.text();
        if (res.status !== 201) throw new Error(`upload: ${res.status} ${body}`);
        return performance.now() - t;
      };
      const idle = await memoryOf(pid);
      await upload(); // warm-up: first decode loads libvips' codecs
      const sequential: number[] = [];
      for (let i = 0; i < 10; i++) sequential.push(await upload());
      const afterSequential = await memoryOf(pid);
      const parallel: number[] = [];
      for (let round = 0; round < 3; round++) {
        const t = performance.now();
        await Promise.all([upload(), upload(), upload(), upload()]);
        parallel.push(performance.now() - t);
      }
      const afterParallel = await memoryOf(pid);
      return [
        timingRow('POST /api/clothes 4000×3000 JPEG → WebP 1600 + thumb (one at a time)', sequential, {
          database: 'embedded',
          notes: `server RSS idle ${idle.rssMb} MB, peak ${afterSequential.peakMb} MB`,
        }),
        timingRow('POST /api/clothes 4000×3000 JPEG, 4 at once (time for all 4)', parallel, {
          database: 'embedded',
          notes: `server peak RSS ${afterParallel.peakMb} MB (decodes capped at 2 at a time)`,
        }),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

export const scenarios: Scenario[] = [
  {
    name: 'clothes.list',
    description: `GET /api/clothes on a ${CLOSET_SIZE}-garment closet: type filter, first page, keyword`,
    run: listScenario,
  },
  {
    name: 'clothes.upload',
    description: 'POST /api/clothes with a 4000×3000 JPEG: re-encode time and server peak memory',
    run: uploadScenario,
  },
];
