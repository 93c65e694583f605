/**
 * Closet tools benchmarks (issue 17; `npm run bench -- closet.` at the repository root; see bench/run.ts):
 *
 * - `closet.analyses`: POST /api/clothes/analyses with a 4000×3000 (12-megapixel) JPEG photo of a garment: time
 *   per analysis one at a time and four at once (each request's own time), and the server's peak memory (VmHWM).
 *   Embedded database only: the database is barely used.
 * - `closet.insights`: GET /api/clothes/insights for a 2,000-garment closet with 1,000 posts (3–5 garments each)
 *   under `--connections` for `--duration` seconds, per database, next to the app's floor for a signed-in request.
 * - `closet.export`: GET /api/clothes/export of 2,000 garments with a stored photo each (a 1600×1200 WebP of about 130 KB): time to
 *   download the whole ZIP, its size, and the server's peak memory before and after. Embedded database only.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ClothesType } from '@otboo/contract';
import {
  attributeDefs,
  clothes,
  clothesAttributes,
  feedClothes,
  feeds,
  profiles,
  users,
  weatherForecasts,
} from '../../src/db/schema/index.js';
import type { Database } from '../../src/db/client.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { memoryOf, percentile } from '../support/process-stats.js';
import { runLoad } from '../support/load.js';
import { benchTarget, signIn, startBuiltServer, withDatabase } from '../support/servers.js';
import { timingRow, type BenchContext, type BenchRow, type Scenario } from '../support/types.js';

const PASSWORD = 'bench1234!';
const CLOSET_SIZE = 2_000;
const POSTS = 1_000;
const KINDS: [ClothesType, string][] = [
  ['TOP', '니트'],
  ['TOP', '반팔 티셔츠'],
  ['BOTTOM', '청바지'],
  ['BOTTOM', '슬랙스'],
  ['OUTER', '트렌치 코트'],
  ['OUTER', '가디건'],
  ['SHOES', '운동화'],
  ['DRESS', '원피스'],
  ['HAT', '볼캡'],
  ['SCARF', '머플러'],
];
const COLORS = ['블랙', '화이트', '네이비', '베이지', '그레이', '카키', '레드', '멀티'];

async function seedUser(db: Database['db'], email: string) {
  const [user] = await db
    .insert(users)
    .values({ email, name: 'closettools', passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  await db.insert(profiles).values({ userId: user!.id });
  return user!.id;
}

/** A closet of CLOSET_SIZE garments (colour and season values) and POSTS posts, written straight into the database. */
async function seedCloset(db: Database['db'], ownerId: string, withPhotos: boolean) {
  const [colour] = await db
    .insert(attributeDefs)
    .values({ name: '색상', selectableValues: COLORS })
    .onConflictDoNothing()
    .returning({ id: attributeDefs.id });
  const [season] = await db
    .insert(attributeDefs)
    .values({ name: '계절', selectableValues: ['봄', '여름', '가을', '겨울'] })
    .onConflictDoNothing()
    .returning({ id: attributeDefs.id });
  const start = Date.now() - CLOSET_SIZE * 60_000;
  const garments = Array.from({ length: CLOSET_SIZE }, (_, i) => {
    const [type, word] = KINDS[i % KINDS.length]!;
    const id = randomUUID();
    return {
      id,
      ownerId,
      name: `${COLORS[i % COLORS.length]} ${word} ${i}`,
      type,
      imageKey: withPhotos ? `clothes/${id}.webp` : null,
      thumbnailKey: withPhotos ? `clothes/${id}-thumb.webp` : null,
      createdAt: new Date(start + i * 60_000),
    };
  });
  for (let i = 0; i < garments.length; i += 500) await db.insert(clothes).values(garments.slice(i, i + 500));
  const values = garments.flatMap((g, i) => [
    ...(colour ? [{ clothesId: g.id, definitionId: colour.id, value: COLORS[i % COLORS.length]! }] : []),
    ...(season && i % 3
      ? [{ clothesId: g.id, definitionId: season.id, value: ['봄', '여름', '가을', '겨울'][i % 4]! }]
      : []),
  ]);
  for (let i = 0; i < values.length; i += 1000)
    await db.insert(clothesAttributes).values(values.slice(i, i + 1000));
  const now = new Date();
  const [weather] = await db
    .insert(weatherForecasts)
    .values({
      source: 'open-meteo',
      gridX: 60,
      gridY: 127,
      latitude: 37.5665,
      longitude: 126.978,
      locationNames: ['서울특별시', '중구', '명동'],
      forecastDate: now.toISOString().slice(0, 10),
      forecastAt: now,
      forecastedAt: now,
      skyStatus: 'CLOUDY',
      precipitationType: 'NONE',
      precipitationAmount: 0,
      precipitationProbability: 10,
      humidity: 40,
      humidityComparedToDayBefore: 0,
      temperatureCurrent: 12,
      temperatureMin: 6,
      temperatureMax: 15,
      temperatureComparedToDayBefore: 0,
      windSpeed: 2,
      windAsWord: 'WEAK',
      batchId: randomUUID(),
      dayIndex: 0,
    })
    .returning({ id: weatherForecasts.id });
  // Posts over the last POSTS days, 3–5 garments each; about two thirds of the closet is worn at least once.
  const posts = Array.from({ length: POSTS }, (_, f) => ({
    id: randomUUID(),
    authorId: ownerId,
    weatherId: weather!.id,
    skyStatus: 'CLOUDY' as const,
    precipitationType: 'NONE' as const,
    content: `OOTD ${f}`,
    createdAt: new Date(Date.now() - f * 86_400_000),
  }));
  for (let i = 0; i < posts.length; i += 500) await db.insert(feeds).values(posts.slice(i, i + 500));
  const worn = posts.flatMap((p, f) =>
    [0, 1, 2, 3, 4].slice(0, 3 + (f % 3)).map((k, position) => {
      const g = garments[(f * 7 + k * 131) % (CLOSET_SIZE * 0.7)]!;
      return { feedId: p.id, position, clothesId: g.id, name: g.name, type: g.type };
    }),
  );
  for (let i = 0; i < worn.length; i += 1000) await db.insert(feedClothes).values(worn.slice(i, i + 1000));
  return garments;
}

/** A 4000×3000 photo-like JPEG: a garment on a light background, with a little noise as a real photo has. */
async function twelveMegapixelPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let x = 0x9e3779b9;
  for (let y = 0; y < height; y++)
    for (let i = 0; i < width; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      const inside = i > width * 0.3 && i < width * 0.7 && y > height * 0.15 && y < height * 0.9;
      const base = inside ? [32, 42, 84] : [236, 236, 232];
      const o = (y * width + i) * 3;
      for (let c = 0; c < 3; c++) raw[o + c] = Math.max(0, Math.min(255, base[c]! + (x & 0xf) - 8));
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function analysesScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const target = await benchTarget('embedded');
  try {
    const email = `analyses.${Date.now().toString(36)}@otboo.bench`;
    await withDatabase(target, ({ db }) => seedUser(db, email));
    const photo = await twelveMegapixelPhoto();
    ctx.log(`photo: 4000×3000 JPEG, ${(photo.length / 2 ** 20).toFixed(1)} MB`);
    const server = await startBuiltServer({ dataDir: target.dataDir });
    try {
      const { accessToken } = await signIn(server.url, email, PASSWORD);
      const analyse = async () => {
        const form = new FormData();
        form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'navy-coat.jpg');
        const t = performance.now();
        const res = await fetch(`${server.url}/api/clothes/analyses`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}` },
          body: form,
        });
        const body = await res.text();
        if (res.status !== 200 || !body.includes('네이비'))
          throw new Error(`analysis: ${res.status} ${body}`);
        return performance.now() - t;
      };
      const idle = await memoryOf(server.pid);
      await analyse(); // warm-up: the first decode loads libvips' codecs
      const sequential: number[] = [];
      for (let i = 0; i < 20; i++) sequential.push(await analyse());
      const afterSequential = await memoryOf(server.pid);
      const parallel: number[] = [];
      for (let round = 0; round < 8; round++)
        parallel.push(...(await Promise.all([analyse(), analyse(), analyse(), analyse()])));
      const afterParallel = await memoryOf(server.pid);
      const p99 = (s: number[]) =>
        Math.round(
          percentile(
            [...s].sort((a, b) => a - b),
            99,
          ),
        );
      return [
        timingRow('POST /api/clothes/analyses 12 MP JPEG (one at a time)', sequential, {
          database: 'embedded',
          notes: `p99 ${p99(sequential)} ms; server RSS idle ${idle.rssMb} MB, peak ${afterSequential.peakMb} MB`,
        }),
        timingRow('POST /api/clothes/analyses 12 MP JPEG, 4 at once (each request)', parallel, {
          database: 'embedded',
          notes: `p99 ${p99(parallel)} ms; server peak RSS ${afterParallel.peakMb} MB (2 decode at a time)`,
        }),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

async function insightsScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ctx.databases) {
    const target = await benchTarget(kind);
    try {
      const email = `insights.${Date.now().toString(36)}@otboo.bench`;
      await withDatabase(target, async ({ db }) => seedCloset(db, await seedUser(db, email), false));
      ctx.log(`${kind}: seeded ${CLOSET_SIZE} garments and ${POSTS} posts`);
      const server = await startBuiltServer({
        dataDir: target.dataDir,
        ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
      });
      try {
        const { accessToken } = await signIn(server.url, email, PASSWORD);
        const headers = { authorization: `Bearer ${accessToken}` };
        const first = performance.now();
        const check = await fetch(`${server.url}/api/clothes/insights`, { headers });
        const report = (await check.json()) as { totalCount: number; wornCount: number; gaps: unknown[] };
        const firstMs = performance.now() - first;
        if (check.status !== 200 || report.totalCount !== CLOSET_SIZE)
          throw new Error(`unexpected report: ${check.status} ${JSON.stringify(report).slice(0, 200)}`);
        ctx.log(
          `${kind}: first report ${Math.round(firstMs)} ms (profiles and gaps), ${report.wornCount} worn`,
        );
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
          await runLoad({
            name: `GET /api/clothes/insights (${CLOSET_SIZE} garments, ${POSTS} posts)`,
            url: `${server.url}/api/clothes/insights`,
            connections: ctx.connections,
            durationSeconds: ctx.durationSeconds,
            headers,
          }).then((r) => ({
            ...r,
            database: kind,
            notes: `first (uncached gaps) ${Math.round(firstMs)} ms`,
          })),
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

async function exportScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const target = await benchTarget('embedded');
  try {
    const email = `export.${Date.now().toString(36)}@otboo.bench`;
    const garments = await withDatabase(target, async ({ db }) =>
      seedCloset(db, await seedUser(db, email), true),
    );
    // One stored-size photo (1600×1200 WebP with photo-like detail), written for every garment as uploads would be.
    const noise = Buffer.alloc(1600 * 1200 * 3);
    let x = 0x2545f491;
    for (let i = 0; i < noise.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      noise[i] = 90 + ((i / 4800) & 0x3f) + (x & 0x0f);
    }
    const photo = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
      .webp({ quality: 82 })
      .toBuffer();
    const folder = path.join(target.dataDir, 'uploads', 'clothes');
    await mkdir(folder, { recursive: true });
    for (const g of garments) await writeFile(path.join(folder, `${g.id}.webp`), photo);
    ctx.log(`seeded ${CLOSET_SIZE} garments with a ${Math.round(photo.length / 1024)} KB photo each`);
    const server = await startBuiltServer({ dataDir: target.dataDir });
    try {
      const { accessToken } = await signIn(server.url, email, PASSWORD);
      const idle = await memoryOf(server.pid);
      const samples: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        const res = await fetch(`${server.url}/api/clothes/export`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
        bytes = 0;
        for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
        samples.push(performance.now() - t);
      }
      const after = await memoryOf(server.pid);
      return [
        timingRow(`GET /api/clothes/export (${CLOSET_SIZE} garments with photos)`, samples, {
          database: 'embedded',
          notes: `ZIP ${Math.round(bytes / 2 ** 20)} MB; server RSS idle ${idle.rssMb} MB, peak ${after.peakMb} MB`,
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
    name: 'closet.analyses',
    description:
      'POST /api/clothes/analyses with a 12 MP JPEG: time one at a time and 4 at once, server peak memory',
    run: analysesScenario,
  },
  {
    name: 'closet.insights',
    description: `GET /api/clothes/insights on ${CLOSET_SIZE} garments and ${POSTS} posts under load`,
    run: insightsScenario,
  },
  {
    name: 'closet.export',
    description: `GET /api/clothes/export of ${CLOSET_SIZE} garments with photos: time and server peak memory`,
    run: exportScenario,
  },
];
