/**
 * Places, push and the morning outfit (docs/api.md §9; run by `npm run bench -- <name>` at the repository root,
 * see bench/run.ts):
 *
 * - `places.search`: GET /api/weathers/locations against the built server in its own process under
 *   `--connections` connections for `--duration` seconds: once with one query (the answer cache), once rotating
 *   through ~2,000 different queries (level names, their first syllables, two-word queries), most of them past the
 *   cache. Notes give the server's CPU per request (from /proc).
 * - `morning.prepare`: the morning outfit job for 10,000 users due at the same minute (each with a location in one
 *   of 60 grid cells and five garments), in this process: wall time, this process's CPU per user (the database
 *   server's CPU is not counted, embedded or not), and the peak of the JS heap while it
 *   runs. Forecasts are stored beforehand (as the scheduled refresh keeps them), from the loopback Open-Meteo fake.
 * - `push.fanout`: one notification to 2,000 users with one device each, through the push queue to a loopback
 *   push service in its own process that answers 201: pushes per second until the last is answered, and CPU per
 *   push (encryption and VAPID signing are in web-push; the push service's CPU is not counted).
 *
 * Every request goes to loopback only.
 */
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { createModules } from '../../src/app/create-modules.js';
import { moduleDeps } from '../../src/app/module-deps.js';
import { loadConfig } from '../../src/config.js';
import { rowsOf } from '../../src/db/rows.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { pushSubscriptions } from '../../src/db/schema/index.js';
import { readKmaCsv } from '../../src/domains/weather/index.js';
import { combineLifecycles } from '../../src/lib/modules.js';
import { createLocalEventBus } from '../../src/realtime/event-bus.js';
import { startOpenMeteoFake } from '../../test/fakes/open-meteo.js';
import { OFFLINE_PROVIDER_ENV } from '../../test/support/offline-env.js';
import { cpuMsOf } from '../support/process-stats.js';
import { runLoad, type AutocannonRequest } from '../support/load.js';
import { benchTarget, freePort, signIn, startBuiltServer, withDatabase } from '../support/servers.js';
import { timingRow, type BenchContext, type BenchRow, type Scenario } from '../support/types.js';

const PASSWORD = 'bench1234!';
const MORNING_USERS = 10_000;
const MORNING_CELLS = 60;
const FANOUT_USERS = 2_000;

/** A logger that drops everything below warn (the job logs one line per run). */
function quietLog(): FastifyBaseLogger {
  const noop = () => {};
  const log = {
    level: 'warn',
    fatal: console.error,
    error: console.error,
    warn: console.warn,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}

/** CPU of this process (user + system) in ms. */
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Queries a person types into the place search: whole names, first syllables, two words. */
function placeQueries(): string[] {
  const [, ...rows] = readKmaCsv('kma-regions.csv');
  const names = new Set<string>();
  for (const r of rows) for (const level of r.slice(0, 3)) if (level) names.add(level);
  const queries: string[] = [];
  for (const name of names) {
    queries.push(name, [...name].slice(0, 2).join(''));
    if (queries.length >= 1_800) break;
  }
  const cities = rows.filter((r) => r[1] && !r[2]).slice(0, 200);
  for (const r of cities) queries.push(`${[...r[0]!].slice(0, 2).join('')} ${r[1]}`);
  return queries;
}

async function placesScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ctx.databases) {
    const target = await benchTarget(kind);
    try {
      const server = await startBuiltServer({
        dataDir: target.dataDir,
        ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
      });
      try {
        const email = `places.${Date.now().toString(36)}@otboo.bench`;
        const signUp = await fetch(`${server.url}/api/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, name: 'placesbench', password: PASSWORD }),
        });
        if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
        const headers = {
          authorization: `Bearer ${(await signIn(server.url, email, PASSWORD)).accessToken}`,
        };
        const check = await fetch(
          `${server.url}/api/weathers/locations?query=${encodeURIComponent('강남')}`,
          {
            headers,
          },
        );
        const first = (await check.json()) as { locationNames: string[] }[];
        if (check.status !== 200 || first[0]?.locationNames.join(' ') !== '서울특별시 강남구')
          throw new Error(`unexpected answer ${check.status} ${JSON.stringify(first).slice(0, 200)}`);
        const queries = placeQueries();
        ctx.log(`${kind}: ${queries.length} distinct queries`);

        const measured = async (name: string, spec: Parameters<typeof runLoad>[0]) => {
          const before = await cpuMsOf(server.pid);
          const load = await runLoad(spec);
          const perRequest = ((await cpuMsOf(server.pid)) - before) / Math.max(1, load.requests);
          return {
            ...load,
            name,
            database: kind,
            notes: `server CPU ${perRequest.toFixed(2)} ms/request`,
          };
        };
        rows.push(
          await measured('GET /api/weathers/locations?query=강남 (one query)', {
            name: '',
            url: `${server.url}/api/weathers/locations?query=${encodeURIComponent('강남')}`,
            connections: ctx.connections,
            durationSeconds: ctx.durationSeconds,
            headers,
          }),
        );
        let i = 0;
        rows.push(
          await measured(`GET /api/weathers/locations (${queries.length} queries in turn)`, {
            name: '',
            url: `${server.url}/api/weathers/locations?query=x`,
            connections: ctx.connections,
            durationSeconds: ctx.durationSeconds,
            headers,
            nextRequest: (): AutocannonRequest => ({
              path: `/api/weathers/locations?limit=10&query=${encodeURIComponent(queries[i++ % queries.length]!)}`,
            }),
          }),
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

/** `count` points of the region table, spread over it (distinct grid cells). */
function spreadPoints(count: number) {
  const [, ...rows] = readKmaCsv('kma-regions.csv');
  const seen = new Set<string>();
  const points: { lat: number; lon: number; x: number; y: number; names: string[] }[] = [];
  const step = Math.floor(rows.length / (count * 2));
  for (let i = 0; i < rows.length && points.length < count; i += step) {
    const r = rows[i]!;
    const key = `${r[3]}:${r[4]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    points.push({
      lat: Number(r[6]),
      lon: Number(r[5]),
      x: Number(r[3]),
      y: Number(r[4]),
      names: r.slice(0, 3).filter(Boolean),
    });
  }
  return points;
}

async function seedMorningUsers(database: Database, minute: number) {
  const { db } = database;
  const points = spreadPoints(MORNING_CELLS);
  const values = sql.join(
    points.map(
      (p, i) =>
        sql`(${i}::int, ${p.lat}::float8, ${p.lon}::float8, ${p.x}::int, ${p.y}::int, ${`{${p.names.join(',')}}`}::text[])`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into users (email, name)
    select 'morning' || g || '@otboo.bench', 'morning' || g from generate_series(1, ${MORNING_USERS}) g`);
  await db.execute(sql`
    with p(i, lat, lon, x, y, names) as (values ${values}),
    u as (select id, row_number() over (order by email) as n from users where email like 'morning%@otboo.bench')
    insert into profiles (user_id, latitude, longitude, grid_x, grid_y, location_names)
    select u.id, p.lat, p.lon, p.x, p.y, p.names from u join p on p.i = (u.n % ${points.length}::int)::int`);
  await db.execute(sql`
    insert into notification_settings (user_id, morning_enabled, morning_minute)
    select id, true, ${minute} from users where email like 'morning%@otboo.bench'`);
  await db.execute(sql`
    insert into clothes (owner_id, name, type)
    select u.id, c.name, c.type from users u
    cross join (values ('울 코트', 'OUTER'), ('니트', 'TOP'), ('셔츠', 'TOP'), ('청바지', 'BOTTOM'), ('첼시 부츠', 'SHOES'))
      as c(name, type)
    where u.email like 'morning%@otboo.bench'`);
  return points;
}

/**
 * The benchmark database with a server's pool (10 connections, as `openConfiguredDatabase` opens it), so the job
 * runs with the concurrency it has in production.
 */
async function withFullPool<T>(
  target: { dataDir: string; databaseUrl?: string },
  fn: (database: Database) => Promise<T>,
): Promise<T> {
  if (!target.databaseUrl) return withDatabase(target, fn);
  const database = openDatabase({ url: target.databaseUrl });
  try {
    await migrateDatabase(database);
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function morningScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ctx.databases) {
    const target = await benchTarget(kind);
    const fake = await startOpenMeteoFake();
    try {
      await withFullPool(target, async (database) => {
        const { db } = database;
        const minute = 7 * 60;
        const seedStart = performance.now();
        const points = await seedMorningUsers(database, minute);
        ctx.log(`${kind}: seeded ${MORNING_USERS} users in ${Math.round(performance.now() - seedStart)} ms`);
        const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
        const config = loadConfig({
          ...OFFLINE_PROVIDER_ENV,
          DATA_DIR: target.dataDir,
          OPEN_METEO_URL: fake.url,
        });
        // The modules as the app builds them (app/create-modules.ts), with the job's clock at 07:00:30 today.
        const log = quietLog();
        const base = await moduleDeps(config, database, log, { bus: createLocalEventBus() });
        const modules = await createModules(base, {
          morningOutfit: { now: () => Date.parse(`${today}T07:00:30+09:00`) },
        });
        const lifecycle = combineLifecycles(modules.all.map((m) => m.lifecycle));
        for (const p of points) await modules.weather.api.forecast(p.lat, p.lon);
        const before = process.memoryUsage();
        const peak = { heap: before.heapUsed, rss: before.rss };
        const sampler = setInterval(() => {
          const m = process.memoryUsage();
          peak.heap = Math.max(peak.heap, m.heapUsed);
          peak.rss = Math.max(peak.rss, m.rss);
        }, 20);
        const cpu = ownCpuMs();
        const t = performance.now();
        const result = await modules.settings.api.runMorningOutfits();
        const wall = performance.now() - t;
        const cpuUsed = ownCpuMs() - cpu;
        clearInterval(sampler);
        await lifecycle.stop();
        await lifecycle.close();
        if (result.served !== MORNING_USERS)
          throw new Error(`served ${result.served} of ${MORNING_USERS} (${JSON.stringify(result)})`);
        const [sample] = await rowsOf<{ content: string }>(
          db,
          sql`select content from notifications where title = '오늘의 옷 추천' limit 1`,
        );
        ctx.log(`${kind}: e.g. "${sample?.content}"`);
        rows.push(
          timingRow(
            `morning outfit: ${MORNING_USERS.toLocaleString('en-US')} users due in one minute`,
            [wall],
            {
              database: kind,
              notes: `${(cpuUsed / MORNING_USERS).toFixed(2)} ms CPU/user in this process (PostgreSQL server not counted); ${Math.round(MORNING_USERS / (wall / 1000))} users/s; heap ${Math.round(before.heapUsed / 1048576)} → peak ${Math.round(peak.heap / 1048576)} MB, RSS ${Math.round(before.rss / 1048576)} → peak ${Math.round(peak.rss / 1048576)} MB`,
            },
          ),
        );
      });
    } finally {
      await fake.close();
      await target.cleanup();
    }
  }
  return rows;
}

/** A push service in its own process: 201 to every POST, the count at GET /count. */
async function startCountingPushService(): Promise<{
  origin: string;
  count(): Promise<number>;
  pid: number;
  stop(): void;
}> {
  const port = await freePort();
  const source = `
    const http = require('node:http');
    let n = 0;
    http.createServer((req, res) => {
      if (req.method === 'GET') return res.end(String(n));
      req.resume();
      req.on('end', () => { n++; res.writeHead(201).end(); });
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      await (await fetch(`${origin}/count`)).text();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  return {
    origin,
    pid: child.pid!,
    count: async () => Number(await (await fetch(`${origin}/count`)).text()),
    stop: () => child.kill('SIGTERM'),
  };
}

async function fanoutScenario(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ctx.databases) {
    const target = await benchTarget(kind);
    const service = await startCountingPushService();
    try {
      await withDatabase(target, async (database) => {
        const { db } = database;
        // Each fan is signed in once: a device is pushed to only while the session that subscribed it is live.
        const fans = await rowsOf<{ id: string; sessionId: string }>(
          db,
          sql`with fans as (
              insert into users (email, name)
              select 'fan' || g || '@otboo.bench', 'fan' || g from generate_series(1, ${FANOUT_USERS}) g returning id)
            insert into sessions (user_id, expires_at) select id, now() + interval '1 day' from fans
            returning user_id as id, id as "sessionId"`,
        );
        const ids = fans.map((r) => r.id);
        const devices = fans.map(({ id: userId, sessionId }) => {
          const ecdh = createECDH('prime256v1');
          ecdh.generateKeys();
          return {
            userId,
            sessionId,
            endpoint: `${service.origin}/push/${userId}`,
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          };
        });
        for (let i = 0; i < devices.length; i += 500)
          await db.insert(pushSubscriptions).values(devices.slice(i, i + 500));
        // The modules as the app builds them: every published notification goes to the push queue.
        const config = loadConfig({
          ...OFFLINE_PROVIDER_ENV,
          DATA_DIR: target.dataDir,
          PUSH_ALLOW_PRIVATE: 'true',
          VAPID_SUBJECT: 'mailto:admin@otboo.bench',
        });
        const base = await moduleDeps(config, database, quietLog(), { bus: createLocalEventBus() });
        const modules = await createModules(base);
        const lifecycle = combineLifecycles(modules.all.map((m) => m.lifecycle));
        const { notifier } = modules.notifications.api;
        const queue = modules.push.api;
        const dtos = await db.transaction((tx) =>
          notifier.record(
            tx,
            ids.map((receiverId) => ({
              receiverId,
              title: '새 피드',
              content: '벤치님이 새 피드를 올렸어요.',
              kind: 'FEED' as const,
            })),
          ),
        );
        const serviceCpu = await cpuMsOf(service.pid);
        const cpu = ownCpuMs();
        const t = performance.now();
        await notifier.publish(dtos);
        await queue.idle();
        const wall = performance.now() - t;
        const cpuUsed = ownCpuMs() - cpu;
        const stats = queue.stats();
        const received = await service.count();
        const serviceUsed = (await cpuMsOf(service.pid)) - serviceCpu;
        await lifecycle.stop();
        await lifecycle.close();
        if (received !== FANOUT_USERS || stats.sent !== FANOUT_USERS)
          throw new Error(`push service got ${received}, sent ${stats.sent} of ${FANOUT_USERS}`);
        rows.push(
          timingRow(
            `push fan-out: one notification to ${FANOUT_USERS.toLocaleString('en-US')} devices`,
            [wall],
            {
              database: kind,
              notes: `${Math.round(FANOUT_USERS / (wall / 1000))} pushes/s; ${(cpuUsed / FANOUT_USERS).toFixed(2)} ms CPU/push here (encrypt, sign, send); push service ${(serviceUsed / FANOUT_USERS).toFixed(2)} ms/push`,
            },
          ),
        );
      });
    } finally {
      service.stop();
      await target.cleanup();
    }
  }
  return rows;
}

export const scenarios: Scenario[] = [
  {
    name: 'places.search',
    description: 'GET /api/weathers/locations under load: one query, then ~2,000 different queries in turn',
    run: placesScenario,
  },
  {
    name: 'morning.prepare',
    description: 'the morning outfit job for 10,000 users due in one minute: time, CPU per user, heap peak',
    run: morningScenario,
  },
  {
    name: 'push.fanout',
    description:
      'one notification to 2,000 devices through the push queue to a loopback push service: pushes/s',
    run: fanoutScenario,
  },
];
