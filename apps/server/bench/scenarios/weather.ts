/**
 * Weather benchmark (run by `npm run bench -- weather` at the repository root; see bench/run.ts):
 *
 * - `weather.cached`: GET /api/weathers for Seoul served from the cache, against the built server in its own
 *   process, per database. The loopback Open-Meteo fake (test/fakes) answers the one upstream request the whole
 *   run may make; the scenario fails if there is a second. First one connection (requests one after another; the
 *   notes give the client-measured p50/p99), then `--connections` connections for `--duration` seconds, and the
 *   same route with a valid token but a bad query: the session check every authenticated request pays, without
 *   the weather code (answered 400). Notes give the server process's CPU time per request (from /proc).
 *
 * The runner measures the hello-world baseline in the same run. Every request goes to loopback only.
 */
import { startOpenMeteoFake } from '../../test/fakes/open-meteo.js';
import { cpuMsOf, percentile } from '../support/process-stats.js';
import { runLoad } from '../support/load.js';
import { benchTarget, signIn, startBuiltServer } from '../support/servers.js';
import { timingRow, type BenchContext, type BenchRow, type Scenario } from '../support/types.js';

const SEQUENTIAL_REQUESTS = 2_000;
const SEOUL = 'latitude=37.5665&longitude=126.978';
const PASSWORD = 'bench1234!';

async function signUp(baseUrl: string): Promise<string> {
  const email = `weather.${Date.now().toString(36)}@otboo.bench`;
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: 'weatherbench', password: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return (await signIn(baseUrl, email, PASSWORD)).accessToken;
}

async function cachedScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ctx.databases) {
    const target = await benchTarget(kind);
    const fake = await startOpenMeteoFake();
    try {
      const server = await startBuiltServer({
        dataDir: target.dataDir,
        ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
        env: { OPEN_METEO_URL: fake.url },
      });
      try {
        const pid = server.pid;
        const headers = { authorization: `Bearer ${await signUp(server.url)}` };
        const url = `${server.url}/api/weathers?${SEOUL}`;
        const first = await fetch(url, { headers });
        const days = (await first.json()) as { location: { locationNames: string[] } }[];
        if (first.status !== 200 || days.length !== 5)
          throw new Error(`unexpected forecast: ${first.status} ${JSON.stringify(days).slice(0, 300)}`);
        ctx.log(`${kind}: 5 days for ${days[0]!.location.locationNames.join(' ')}`);
        for (let i = 0; i < 200; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up

        const times: number[] = [];
        const cpu = await cpuMsOf(pid);
        for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
          const t = performance.now();
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`status ${res.status}`);
          times.push(performance.now() - t);
        }
        const sequentialCpu = ((await cpuMsOf(pid)) - cpu) / SEQUENTIAL_REQUESTS;
        times.sort((a, b) => a - b);
        rows.push(
          timingRow('GET /api/weathers (cached), 1 connection', times, {
            database: kind,
            notes: `p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms; server CPU ${sequentialCpu.toFixed(2)} ms/request`,
          }),
        );

        const measured = async (name: string, target: string) => {
          const before = await cpuMsOf(pid);
          const load = await runLoad({
            name,
            url: target,
            connections: ctx.connections,
            durationSeconds: ctx.durationSeconds,
            headers,
          });
          const perRequest = ((await cpuMsOf(pid)) - before) / Math.max(1, load.requests);
          return { ...load, database: kind, notes: `server CPU ${perRequest.toFixed(2)} ms/request` };
        };
        rows.push(await measured('GET /api/weathers (cached)', url));
        // Same route and token, a query that fails validation: authentication's cost without the weather code.
        rows.push(
          await measured(
            'GET /api/weathers?latitude=x (session check → 400)',
            `${server.url}/api/weathers?latitude=x`,
          ),
        );
      } finally {
        await server.stop();
      }
      if (fake.calls !== 1)
        throw new Error(`${fake.calls} upstream requests; the cache should have made one`);
    } finally {
      await fake.close();
      await target.cleanup();
    }
  }
  return rows;
}

export const scenarios: Scenario[] = [
  {
    name: 'weather.cached',
    description:
      'GET /api/weathers served from the cache (one upstream request in the whole run): one connection, then under load',
    run: cachedScenario,
  },
];
