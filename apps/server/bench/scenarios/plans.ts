/**
 * '이번 주 코디' benchmark (run by `npm run bench -- plans` at the repository root; see bench/run.ts):
 *
 * - `plans.auto`: POST /api/plans/auto over the five-day forecast (the loopback Open-Meteo fake) for one user with a
 *   300-garment closet, one request after another (each after the week's plans were deleted, untimed), target
 *   p99 < 100 ms; then the same after 3,000 older plans of the user were stored, and GET /api/recommendations before
 *   and after them (the recommendation reads no plan: its cost must not grow with them). Last, GET /api/plans of
 *   two weeks under load, as a ratio to hello world.
 *
 * Every request goes to loopback only.
 */
import { randomUUID } from 'node:crypto';
import type { ClothesType } from '@otboo/contract';
import { addDays, seoulParts } from '../../src/lib/seoul-time.js';
import { clothes, planClothes, plans, profiles, users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { startOpenMeteoFake } from '../../test/fakes/open-meteo.js';
import { cpuMsOf, percentile } from '../support/process-stats.js';
import { runLoad } from '../support/load.js';
import { benchTarget, signIn, startBuiltServer, withDatabase } from '../support/servers.js';
import { timingRow, type BenchContext, type BenchRow, type Scenario } from '../support/types.js';

const CLOSET_SIZE = 300;
const OLD_PLANS = 3_000;
const SEQUENTIAL_AUTOS = 200;
const SEQUENTIAL_RECOMMENDATIONS = 500;
const TARGET_MS = 100;
const PASSWORD = 'bench1234!';

const ITEMS: [string, ClothesType][] = [
  ['롱패딩', 'OUTER'],
  ['울코트', 'OUTER'],
  ['트렌치코트', 'OUTER'],
  ['데님자켓', 'OUTER'],
  ['가디건', 'OUTER'],
  ['니트', 'TOP'],
  ['맨투맨', 'TOP'],
  ['후드티', 'TOP'],
  ['셔츠', 'TOP'],
  ['긴팔티', 'TOP'],
  ['반팔티', 'TOP'],
  ['청바지', 'BOTTOM'],
  ['슬랙스', 'BOTTOM'],
  ['면바지', 'BOTTOM'],
  ['롱스커트', 'BOTTOM'],
  ['원피스', 'DRESS'],
  ['운동화', 'SHOES'],
  ['로퍼', 'SHOES'],
  ['첼시부츠', 'SHOES'],
  ['비니', 'HAT'],
  ['머플러', 'SCARF'],
  ['백팩', 'BAG'],
];
const COLORS = ['블랙', '화이트', '네이비', '베이지', '그레이', '카키'];

/** The user (with a location in Seoul) and the closet, written straight into the database. */
async function seed(target: { dataDir: string; databaseUrl?: string }, email: string) {
  return withDatabase(target, async ({ db }) => {
    const [user] = await db
      .insert(users)
      .values({ email, name: 'planbench', passwordHash: await hashPassword(PASSWORD) })
      .returning({ id: users.id });
    const userId = user!.id;
    await db.insert(profiles).values({
      userId,
      latitude: 37.5665,
      longitude: 126.978,
      gridX: 60,
      gridY: 127,
      locationNames: ['서울특별시'],
    });
    const garments = Array.from({ length: CLOSET_SIZE }, (_, i) => {
      const [item, type] = ITEMS[i % ITEMS.length]!;
      return { id: randomUUID(), ownerId: userId, name: `${COLORS[i % COLORS.length]} ${item} ${i}`, type };
    });
    await db.insert(clothes).values(garments);
    return { userId, garmentIds: garments.map((g) => g.id) };
  });
}

/** `OLD_PLANS` plans of the days before today, three pieces each. */
async function seedOldPlans(
  target: { dataDir: string; databaseUrl?: string },
  userId: string,
  ids: string[],
) {
  await withDatabase(target, async ({ db }) => {
    const today = seoulParts(Date.now()).date;
    const dates = Array.from({ length: OLD_PLANS }, (_, i) => addDays(today, -1 - i));
    for (let i = 0; i < dates.length; i += 500) {
      const chunk = dates.slice(i, i + 500);
      await db.insert(plans).values(chunk.map((date) => ({ userId, date })));
      await db.insert(planClothes).values(
        chunk.flatMap((date, d) =>
          [0, 1, 2].map((k) => ({
            userId,
            date,
            clothesId: ids[(d * 3 + k * 101) % ids.length]!,
            position: k,
          })),
        ),
      );
    }
  });
}

async function autoScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ctx.databases) {
    const target = await benchTarget(kind);
    const fake = await startOpenMeteoFake();
    try {
      const email = `plans.${Date.now().toString(36)}@otboo.bench`;
      const { userId, garmentIds } = await seed(target, email);
      const server = await startBuiltServer({
        dataDir: target.dataDir,
        ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
        env: { OPEN_METEO_URL: fake.url },
      });
      try {
        const pid = server.pid;
        const { accessToken } = await signIn(server.url, email, PASSWORD);
        const headers = { authorization: `Bearer ${accessToken}` };
        const json = { ...headers, 'content-type': 'application/json' };
        const today = seoulParts(Date.now()).date;
        const week = [0, 1, 2, 3, 4].map((n) => addDays(today, n));
        const body = JSON.stringify({ from: week[0], to: week[4] });
        const forecast = await fetch(`${server.url}/api/weathers?latitude=37.5665&longitude=126.978`, {
          headers,
        });
        const [todayWeather] = (await forecast.json()) as { id: string }[];
        if (forecast.status !== 200 || !todayWeather) throw new Error(`no forecast: ${forecast.status}`);
        const recommendationUrl = `${server.url}/api/recommendations?weatherId=${todayWeather.id}&current=true`;

        const clearWeek = async () => {
          for (const date of week) {
            const res = await fetch(`${server.url}/api/plans/${date}`, { method: 'DELETE', headers });
            if (res.status !== 204) throw new Error(`delete: ${res.status}`);
          }
        };
        const autoOnce = async () => {
          await clearWeek();
          const t = performance.now();
          const res = await fetch(`${server.url}/api/plans/auto`, { method: 'POST', headers: json, body });
          const made = (await res.json()) as { clothes: unknown[] }[];
          const ms = performance.now() - t;
          if (res.status !== 200 || made.length !== 5)
            throw new Error(`unexpected auto: ${res.status} ${JSON.stringify(made).slice(0, 300)}`);
          return ms;
        };
        const autos = async () => {
          const times: number[] = [];
          for (let i = 0; i < SEQUENTIAL_AUTOS; i++) times.push(await autoOnce());
          return times.sort((a, b) => a - b);
        };
        const recommendations = async () => {
          const times: number[] = [];
          for (let i = 0; i < SEQUENTIAL_RECOMMENDATIONS; i++) {
            const t = performance.now();
            const res = await fetch(recommendationUrl, { headers });
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`recommendation: ${res.status}`);
            times.push(performance.now() - t);
          }
          return times.sort((a, b) => a - b);
        };
        const summary = (times: number[]) =>
          `p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`;

        for (let i = 0; i < 30; i++) await autoOnce(); // warm-up
        for (let i = 0; i < 100; i++) await (await fetch(recommendationUrl, { headers })).arrayBuffer();
        const cpu0 = await cpuMsOf(pid);
        const before = await autos();
        const cpuPerAuto = ((await cpuMsOf(pid)) - cpu0) / SEQUENTIAL_AUTOS;
        const recoBefore = await recommendations();

        await seedOldPlans(target, userId, garmentIds);
        ctx.log(`${kind}: stored ${OLD_PLANS} older plans`);
        const after = await autos();
        const recoAfter = await recommendations();

        const met = (times: number[]) => (percentile(times, 99) < TARGET_MS ? 'met' : 'MISSED');
        rows.push(
          timingRow(`POST /api/plans/auto (5 days, closet of ${CLOSET_SIZE}), 1 connection`, before, {
            database: kind,
            targetMs: TARGET_MS,
            notes: `${summary(before)} (target p99 < ${TARGET_MS} ms: ${met(before)}); server CPU ${cpuPerAuto.toFixed(2)} ms/request (with the 5 untimed DELETEs)`,
          }),
          timingRow(`POST /api/plans/auto after ${OLD_PLANS} older plans`, after, {
            database: kind,
            targetMs: TARGET_MS,
            notes: `${summary(after)} (target: ${met(after)}); p50 ×${(percentile(after, 50) / percentile(before, 50)).toFixed(2)} of before`,
          }),
          timingRow(`GET /api/recommendations, before and after ${OLD_PLANS} plans`, recoAfter, {
            database: kind,
            notes: `before: ${summary(recoBefore)}; after: ${summary(recoAfter)} (p50 ×${(percentile(recoAfter, 50) / percentile(recoBefore, 50)).toFixed(2)})`,
          }),
        );

        // The week as the screen reads it, under load.
        await autoOnce();
        const cpu = await cpuMsOf(pid);
        const load = await runLoad({
          name: 'GET /api/plans (14 days, 5 planned)',
          url: `${server.url}/api/plans?from=${today}&to=${addDays(today, 13)}`,
          connections: ctx.connections,
          durationSeconds: ctx.durationSeconds,
          headers,
        });
        const loadCpu = ((await cpuMsOf(pid)) - cpu) / Math.max(1, load.requests);
        rows.push({ ...load, database: kind, notes: `server CPU ${loadCpu.toFixed(2)} ms/request` });
      } finally {
        await server.stop();
      }
    } finally {
      await fake.close();
      await target.cleanup();
    }
  }
  return rows;
}

export const scenarios: Scenario[] = [
  {
    name: 'plans.auto',
    description: `POST /api/plans/auto (5 days) with a ${CLOSET_SIZE}-garment closet, before and after ${OLD_PLANS} older plans; GET /api/plans under load`,
    run: autoScenario,
  },
];
