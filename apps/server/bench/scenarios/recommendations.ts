/**
 * Recommendation benchmark (run by `npm run bench -- recommendations` at the repository root; see bench/run.ts):
 *
 * - `recommendations.get`: GET /api/recommendations for one user with a 1,000-garment closet (one to four of the
 *   두께/계절/소재/방수 attributes each) and 120 OOTD posts (history), against the built server in its own
 *   process, per database: first one connection (requests one after another; the notes give the client-measured
 *   p50/p99 to 0.01 ms), then `--connections` connections for `--duration` seconds. Each row's notes also give the
 *   server process's CPU time per request (from /proc; with PostgreSQL it leaves out the database server's own
 *   CPU), which other load on the machine disturbs less than wall-clock figures.
 *
 * Repeated requests for the same day walk through "다른 옷 추천" rounds, as a user pressing the button would.
 * Every request goes to loopback only.
 */
import { randomUUID } from 'node:crypto';
import type { ClothesType } from '@otboo/contract';
import { feedClothes, feeds, weatherForecasts } from '../../src/db/schema/index.js';
import { cpuMsOf, percentile } from '../support/process-stats.js';
import { runLoad } from '../support/load.js';
import { benchTarget, signIn, startBuiltServer, withDatabase } from '../support/servers.js';
import { seedCloset } from '../support/closet-seed.js';
import { timingRow, type BenchContext, type BenchRow, type Scenario } from '../support/types.js';

const CLOSET_SIZE = 1_000;
const POSTS = 120;
const SEQUENTIAL_REQUESTS = 2_000;
const PASSWORD = 'bench1234!';

const ITEMS: [string, ClothesType][] = [
  ['롱패딩', 'OUTER'],
  ['숏패딩', 'OUTER'],
  ['울코트', 'OUTER'],
  ['트렌치코트', 'OUTER'],
  ['가죽자켓', 'OUTER'],
  ['데님자켓', 'OUTER'],
  ['바람막이', 'OUTER'],
  ['가디건', 'OUTER'],
  ['플리스', 'OUTER'],
  ['야상', 'OUTER'],
  ['니트', 'TOP'],
  ['터틀넥', 'TOP'],
  ['맨투맨', 'TOP'],
  ['후드티', 'TOP'],
  ['셔츠', 'TOP'],
  ['반팔티', 'TOP'],
  ['긴팔티', 'TOP'],
  ['민소매', 'TOP'],
  ['린넨셔츠', 'TOP'],
  ['기모 맨투맨', 'TOP'],
  ['청바지', 'BOTTOM'],
  ['슬랙스', 'BOTTOM'],
  ['면바지', 'BOTTOM'],
  ['반바지', 'BOTTOM'],
  ['롱스커트', 'BOTTOM'],
  ['기모 바지', 'BOTTOM'],
  ['원피스', 'DRESS'],
  ['니트원피스', 'DRESS'],
  ['운동화', 'SHOES'],
  ['로퍼', 'SHOES'],
  ['첼시부츠', 'SHOES'],
  ['샌들', 'SHOES'],
  ['레인부츠', 'SHOES'],
  ['어그부츠', 'SHOES'],
  ['비니', 'HAT'],
  ['볼캡', 'HAT'],
  ['머플러', 'SCARF'],
  ['장갑', 'ACCESSORY'],
  ['장우산', 'ACCESSORY'],
  ['양말', 'SOCKS'],
  ['히트텍', 'UNDERWEAR'],
  ['백팩', 'BAG'],
];
const COLORS = ['블랙', '화이트', '네이비', '베이지', '그레이', '카키', '브라운', '아이보리'];
const DEFINITIONS: [string, string[]][] = [
  ['두께', ['얇음', '보통', '두꺼움']],
  ['계절', ['봄', '여름', '가을', '겨울']],
  ['소재', ['면', '린넨', '울', '니트', '데님', '가죽', '나일론', '패딩(다운)', '플리스']],
  ['방수', ['예', '아니오']],
];

/** A stored forecast day `daysAgo` days back (0 = today) at `temperature` °C. */
function forecast(temperature: number, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return {
    source: 'open-meteo' as const,
    gridX: 60,
    gridY: 127,
    latitude: 37.5665,
    longitude: 126.978,
    locationNames: ['서울특별시', '중구', '명동'],
    forecastDate: at.toISOString().slice(0, 10),
    forecastAt: at,
    forecastedAt: at,
    skyStatus: 'CLOUDY' as const,
    precipitationType: 'NONE' as const,
    precipitationAmount: 0,
    precipitationProbability: 20,
    humidity: 55,
    humidityComparedToDayBefore: 0,
    temperatureCurrent: temperature,
    temperatureMin: temperature - 5,
    temperatureMax: temperature + 4,
    temperatureComparedToDayBefore: 0,
    windSpeed: 3,
    windAsWord: 'WEAK' as const,
    batchId: randomUUID(),
    dayIndex: 0,
  };
}

/** The user, closet, today's forecast and post history, written straight into the database. */
async function seed(target: { dataDir: string; databaseUrl?: string }, email: string): Promise<string> {
  return withDatabase(target, async (database) => {
    const { db } = database;
    const { userId, garments } = await seedCloset(database, {
      email,
      name: 'recobench',
      password: PASSWORD,
      size: CLOSET_SIZE,
      items: ITEMS,
      colors: COLORS,
      definitions: DEFINITIONS,
    });
    const [today] = await db
      .insert(weatherForecasts)
      .values(forecast(8, 0))
      .returning({ id: weatherForecasts.id });
    // Posts over four months, 3–5 garments each, a few in the last three days.
    for (let f = 0; f < POSTS; f++) {
      const [w] = await db
        .insert(weatherForecasts)
        .values(forecast(-5 + (f % 30), f))
        .returning({ id: weatherForecasts.id });
      const [feed] = await db
        .insert(feeds)
        .values({
          authorId: userId,
          weatherId: w!.id,
          skyStatus: 'CLOUDY',
          precipitationType: 'NONE',
          content: `OOTD ${f}`,
          createdAt: new Date(Date.now() - f * 86_400_000),
        })
        .returning({ id: feeds.id });
      const worn = [0, 1, 2, 3, 4]
        .slice(0, 3 + (f % 3))
        .map((k) => garments[(f * 7 + k * 131) % garments.length]!);
      await db.insert(feedClothes).values(
        worn.map((g, position) => ({
          feedId: feed!.id,
          position,
          clothesId: g.id,
          name: g.name,
          type: g.type,
        })),
      );
    }
    return today!.id;
  });
}

async function getScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ctx.databases) {
    const target = await benchTarget(kind);
    try {
      const email = `reco.${Date.now().toString(36)}@otboo.bench`;
      const weatherId = await seed(target, email);
      ctx.log(`${kind}: seeded a ${CLOSET_SIZE}-garment closet and ${POSTS} posts`);
      const server = await startBuiltServer({
        dataDir: target.dataDir,
        ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
      });
      try {
        const pid = server.pid;
        const { accessToken } = await signIn(server.url, email, PASSWORD);
        const url = `${server.url}/api/recommendations?weatherId=${weatherId}`;
        const headers = { authorization: `Bearer ${accessToken}` };
        const first = await fetch(url, { headers });
        const body = (await first.json()) as { clothes: { name: string }[]; reason: string };
        if (first.status !== 200 || body.clothes.length < 3)
          throw new Error(`unexpected recommendation: ${first.status} ${JSON.stringify(body).slice(0, 300)}`);
        ctx.log(`${kind}: ${body.clothes.map((c) => c.name).join(', ')} — ${body.reason}`);
        for (let i = 0; i < 200; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up

        // One connection, one request after another, timed by the client; then the same for the app's cheapest
        // route (public csrf-token: the plugin stack, no database) to show what the machine itself adds to the tail.
        const sequential = async (target: string, h: Record<string, string>) => {
          const times: number[] = [];
          const cpu0 = await cpuMsOf(pid);
          for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
            const t = performance.now();
            const res = await fetch(target, { headers: h });
            await res.arrayBuffer();
            if (res.status >= 300) throw new Error(`status ${res.status}`);
            times.push(performance.now() - t);
          }
          const cpuMs = ((await cpuMsOf(pid)) - cpu0) / SEQUENTIAL_REQUESTS;
          return { times: times.sort((a, b) => a - b), cpuMs };
        };
        const reco = await sequential(url, headers);
        const control = await sequential(`${server.url}/api/auth/csrf-token`, {});
        const p99 = percentile(reco.times, 99);
        rows.push(
          timingRow(`GET /api/recommendations (closet of ${CLOSET_SIZE}), 1 connection`, reco.times, {
            database: kind,
            notes:
              `p50 ${percentile(reco.times, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (target p99 < 10 ms: ${p99 < 10 ? 'met' : 'MISSED'}); ` +
              `server CPU ${reco.cpuMs.toFixed(2)} ms/request; csrf-token alone: p50 ${percentile(control.times, 50).toFixed(2)} ms, ` +
              `p99 ${percentile(control.times, 99).toFixed(2)} ms, CPU ${control.cpuMs.toFixed(2)} ms/request`,
          }),
        );

        const cpu = await cpuMsOf(pid);
        const load = await runLoad({
          name: `GET /api/recommendations (closet of ${CLOSET_SIZE})`,
          url,
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
      await target.cleanup();
    }
  }
  return rows;
}

export const scenarios: Scenario[] = [
  {
    name: 'recommendations.get',
    description: `GET /api/recommendations with a ${CLOSET_SIZE}-garment closet and ${POSTS} posts: one connection, then under load`,
    run: getScenario,
  },
];
