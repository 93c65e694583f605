/**
 * Trips benchmark (`npm run bench -- trips` at the repository root; see bench/run.ts):
 *
 * - `trips.create`: POST /api/trips for a 14-day trip over a 300-garment closet (one to four of the 두께/계절/소재/방수
 *   attributes each), against the built server in its own process, one request after another (each trip deleted
 *   again, untimed, so the per-user bound never answers). The trip starts beyond the 5-day forecast, so every day is
 *   dressed from the normals and no outside forecast is fetched: the figure is the server's own work (target < 100 ms).
 *   Then GET /api/trips/{id} under `--connections` connections for `--duration` seconds.
 *
 * Every request goes to loopback only.
 */
import { addIsoDays, seoulToday, type ClothesType } from '@otboo/contract';
import { cpuMsOf, percentile } from '../support/process-stats.js';
import { runLoad } from '../support/load.js';
import { benchTarget, signIn, startBuiltServer, withDatabase } from '../support/servers.js';
import { seedCloset } from '../support/closet-seed.js';
import { timingRow, type BenchContext, type BenchRow, type Scenario } from '../support/types.js';

const CLOSET_SIZE = 300;
const TRIP_DAYS = 14;
const CREATES = 100;
const TARGET_MS = 100;
const PASSWORD = 'bench1234!';

const ITEMS: [string, ClothesType][] = [
  ['롱패딩', 'OUTER'],
  ['울코트', 'OUTER'],
  ['트렌치코트', 'OUTER'],
  ['바람막이', 'OUTER'],
  ['가디건', 'OUTER'],
  ['니트', 'TOP'],
  ['맨투맨', 'TOP'],
  ['셔츠', 'TOP'],
  ['반팔티', 'TOP'],
  ['긴팔티', 'TOP'],
  ['청바지', 'BOTTOM'],
  ['슬랙스', 'BOTTOM'],
  ['반바지', 'BOTTOM'],
  ['기모 바지', 'BOTTOM'],
  ['원피스', 'DRESS'],
  ['운동화', 'SHOES'],
  ['로퍼', 'SHOES'],
  ['첼시부츠', 'SHOES'],
  ['레인부츠', 'SHOES'],
  ['비니', 'HAT'],
  ['머플러', 'SCARF'],
  ['장갑', 'ACCESSORY'],
  ['장우산', 'ACCESSORY'],
  ['양말', 'SOCKS'],
  ['히트텍', 'UNDERWEAR'],
];
const COLORS = ['블랙', '화이트', '네이비', '베이지', '그레이', '카키'];
const DEFINITIONS: [string, string[]][] = [
  ['두께', ['얇음', '보통', '두꺼움']],
  ['계절', ['봄', '여름', '가을', '겨울']],
  ['소재', ['면', '린넨', '울', '니트', '데님', '가죽', '나일론', '패딩(다운)', '플리스']],
  ['방수', ['예', '아니오']],
];

/** The user and a 300-piece closet, written straight into the database. */
async function seed(target: { dataDir: string; databaseUrl?: string }, email: string): Promise<void> {
  await withDatabase(target, (database) =>
    seedCloset(database, {
      email,
      name: 'tripbench',
      password: PASSWORD,
      size: CLOSET_SIZE,
      items: ITEMS,
      colors: COLORS,
      definitions: DEFINITIONS,
    }),
  );
}

async function createScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ctx.databases) {
    const target = await benchTarget(kind);
    try {
      const email = `trips.${Date.now().toString(36)}@otboo.bench`;
      await seed(target, email);
      ctx.log(`${kind}: seeded a ${CLOSET_SIZE}-garment closet`);
      const server = await startBuiltServer({
        dataDir: target.dataDir,
        ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
      });
      try {
        const { accessToken } = await signIn(server.url, email, PASSWORD);
        const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
        const from = addIsoDays(seoulToday(), 10);
        const body = JSON.stringify({
          latitude: 37.5665,
          longitude: 126.978,
          from,
          to: addIsoDays(from, TRIP_DAYS - 1),
        });
        const create = async () => {
          const res = await fetch(`${server.url}/api/trips`, { method: 'POST', headers, body });
          const trip = (await res.json()) as { id: string; packingList: unknown[]; days: unknown[] };
          if (res.status !== 201) throw new Error(`POST /api/trips: ${res.status} ${JSON.stringify(trip)}`);
          return trip;
        };
        const remove = async (id: string) => {
          const res = await fetch(`${server.url}/api/trips/${id}`, {
            method: 'DELETE',
            headers: { authorization: headers.authorization },
          });
          await res.arrayBuffer();
          if (res.status !== 204) throw new Error(`DELETE /api/trips/{id}: ${res.status}`);
        };
        const sample = await create();
        ctx.log(`${kind}: ${sample.days.length} days, ${sample.packingList.length} pieces in the bag`);
        await remove(sample.id);
        for (let i = 0; i < 20; i++) await remove((await create()).id); // warm-up

        const times: number[] = [];
        let cpuMs = 0;
        for (let i = 0; i < CREATES; i++) {
          const cpu = await cpuMsOf(server.pid);
          const t = performance.now();
          const trip = await create();
          times.push(performance.now() - t);
          cpuMs += (await cpuMsOf(server.pid)) - cpu;
          await remove(trip.id);
        }
        times.sort((a, b) => a - b);
        const p99 = percentile(times, 99);
        rows.push(
          timingRow(`POST /api/trips (${TRIP_DAYS} days, closet of ${CLOSET_SIZE}), 1 connection`, times, {
            database: kind,
            targetMs: TARGET_MS,
            notes:
              `p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (target < ${TARGET_MS} ms: ` +
              `${p99 < TARGET_MS ? 'met' : 'MISSED'}); server CPU ${(cpuMs / CREATES).toFixed(2)} ms/request`,
          }),
        );

        const kept = await create();
        const cpu = await cpuMsOf(server.pid);
        const load = await runLoad({
          name: `GET /api/trips/{id} (${TRIP_DAYS} days)`,
          url: `${server.url}/api/trips/${kept.id}`,
          connections: ctx.connections,
          durationSeconds: ctx.durationSeconds,
          headers: { authorization: headers.authorization },
        });
        const loadCpu = ((await cpuMsOf(server.pid)) - cpu) / Math.max(1, load.requests);
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
    name: 'trips.create',
    description: `POST /api/trips for ${TRIP_DAYS} days over a ${CLOSET_SIZE}-garment closet, then GET /api/trips/{id} under load`,
    run: createScenario,
  },
];
