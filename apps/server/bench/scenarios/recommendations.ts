/**
 * Benchmark of GET /api/recommendations for one user with a 1,000-garment closet, next to a hello-world Fastify
 * server measured in the same run. Standalone (the shared bench runner did not exist when it was written):
 *
 *   node --import tsx bench/scenarios/recommendations.ts [--db=pglite|postgres] [--garments=1000]
 *        [--connections=50] [--duration=10] [--sequential=2000]
 *
 * A child process starts the real app on 127.0.0.1 with a fresh database (a temporary PGlite folder, or a new
 * database on the local PostgreSQL server that is dropped afterwards) and a bare Fastify `{hello: 'world'}` server,
 * signs a user up through the API, and writes the closet (with 두께/계절/소재/방수 attributes), a forecast and 120
 * OOTD posts straight into the database. This process then measures:
 *   - one connection, requests one after another: p50/p99 latency measured by the client (sub-millisecond);
 *   - `--connections` concurrent connections for `--duration` seconds with autocannon: requests/s, p50/p99, first
 *     against the hello-world route (the framework's ceiling on this machine), then the recommendations;
 *   - for each, the server process's CPU time per request (less sensitive to other load on the machine than
 *     wall-clock figures; with PostgreSQL it leaves out the database server's own CPU).
 * Every request goes to loopback only. Repeated requests for the same day walk through "다른 옷 추천" rounds.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { eq as pgEq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import type { ClothesType } from '@otboo/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { attributeDefs, clothes, clothesAttributes, feedClothes, feeds, weatherForecasts } from '../../src/db/schema/index.js';
import { openDatabase, type Database } from '../../src/db/client.js';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  workers?: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;
// autocannon ships no types; only the fields read here are declared.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const ITEMS: [string, ClothesType][] = [
  ['롱패딩', 'OUTER'], ['숏패딩', 'OUTER'], ['울코트', 'OUTER'], ['트렌치코트', 'OUTER'], ['가죽자켓', 'OUTER'],
  ['데님자켓', 'OUTER'], ['바람막이', 'OUTER'], ['가디건', 'OUTER'], ['플리스', 'OUTER'], ['야상', 'OUTER'],
  ['니트', 'TOP'], ['터틀넥', 'TOP'], ['맨투맨', 'TOP'], ['후드티', 'TOP'], ['셔츠', 'TOP'], ['반팔티', 'TOP'],
  ['긴팔티', 'TOP'], ['민소매', 'TOP'], ['린넨셔츠', 'TOP'], ['기모 맨투맨', 'TOP'], ['청바지', 'BOTTOM'],
  ['슬랙스', 'BOTTOM'], ['면바지', 'BOTTOM'], ['반바지', 'BOTTOM'], ['롱스커트', 'BOTTOM'], ['기모 바지', 'BOTTOM'],
  ['원피스', 'DRESS'], ['니트원피스', 'DRESS'], ['운동화', 'SHOES'], ['로퍼', 'SHOES'], ['첼시부츠', 'SHOES'],
  ['샌들', 'SHOES'], ['레인부츠', 'SHOES'], ['어그부츠', 'SHOES'], ['비니', 'HAT'], ['볼캡', 'HAT'], ['머플러', 'SCARF'],
  ['장갑', 'ACCESSORY'], ['장우산', 'ACCESSORY'], ['양말', 'SOCKS'], ['히트텍', 'UNDERWEAR'], ['백팩', 'BAG'],
];
const COLORS = ['블랙', '화이트', '네이비', '베이지', '그레이', '카키', '브라운', '아이보리'];
const DEFINITIONS: [string, string[]][] = [
  ['두께', ['얇음', '보통', '두꺼움']],
  ['계절', ['봄', '여름', '가을', '겨울']],
  ['소재', ['면', '린넨', '울', '니트', '데님', '가죽', '나일론', '패딩(다운)', '플리스']],
  ['방수', ['예', '아니오']],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function json(url: string, init: RequestInit): Promise<any> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The user, closet, forecast and post history the scenario measures against. */
async function seed(database: Database, baseUrl: string, garments: number) {
  const email = `bench.${Date.now().toString(36)}@otboo.bench`;
  const password = 'bench1234!';
  const user = await json(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: 'bench', password }),
  });
  const form = new FormData();
  form.append('username', email);
  form.append('password', password);
  const { accessToken } = await json(`${baseUrl}/api/auth/sign-in`, { method: 'POST', body: form });

  const { db } = database;
  const defIds: string[] = [];
  for (const [name, selectableValues] of DEFINITIONS) {
    const [existing] = await db.select({ id: attributeDefs.id }).from(attributeDefs).where(pgEq(attributeDefs.name, name));
    const [row] = existing ? [existing] : await db.insert(attributeDefs).values({ name, selectableValues }).returning({ id: attributeDefs.id });
    defIds.push(row!.id);
  }

  const clothesRows = Array.from({ length: garments }, (_, i) => {
    const [item, type] = ITEMS[i % ITEMS.length]!;
    return { id: randomUUID(), ownerId: user.id as string, name: `${COLORS[i % COLORS.length]} ${item} ${i}`, type, imageKey: `clothes/${randomUUID()}.webp` };
  });
  const attributeRows = clothesRows.flatMap((c, i) =>
    DEFINITIONS.map(([, values], d) => ({ clothesId: c.id, definitionId: defIds[d]!, value: values[(i + d) % values.length]! })).slice(0, 1 + (i % 4)),
  );
  for (let i = 0; i < clothesRows.length; i += 500) await db.insert(clothes).values(clothesRows.slice(i, i + 500));
  for (let i = 0; i < attributeRows.length; i += 1000) await db.insert(clothesAttributes).values(attributeRows.slice(i, i + 1000));

  const now = Date.now();
  const weather = (temperature: number, daysAgo: number) => ({
    source: 'open-meteo' as const,
    gridX: 60,
    gridY: 127,
    latitude: 37.5665,
    longitude: 126.978,
    locationNames: ['서울특별시', '중구', '명동'],
    forecastDate: new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10),
    forecastAt: new Date(now - daysAgo * 86_400_000),
    forecastedAt: new Date(now - daysAgo * 86_400_000),
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
  });
  const [today] = await db.insert(weatherForecasts).values(weather(8, 0)).returning({ id: weatherForecasts.id });
  // 120 posts over four months, 3–5 garments each, some in the last three days.
  for (let f = 0; f < 120; f++) {
    const [w] = await db.insert(weatherForecasts).values(weather(-5 + (f % 30), f)).returning({ id: weatherForecasts.id });
    const [feed] = await db
      .insert(feeds)
      .values({ authorId: user.id, weatherId: w!.id, skyStatus: 'CLOUDY', precipitationType: 'NONE', content: `OOTD ${f}`, createdAt: new Date(now - f * 86_400_000) })
      .returning({ id: feeds.id });
    const worn = [0, 1, 2, 3, 4].slice(0, 3 + (f % 3)).map((k) => clothesRows[(f * 7 + k * 131) % clothesRows.length]!);
    await db.insert(feedClothes).values(worn.map((c, position) => ({ feedId: feed!.id, position, clothesId: c.id, name: c.name, type: c.type })));
  }
  return { accessToken: accessToken as string, weatherId: today!.id };
}

export interface RecommendationsBenchOptions {
  db: 'pglite' | 'postgres';
  garments: number;
  connections: number;
  duration: number;
  sequential: number;
}

interface Ready {
  baseUrl: string;
  helloUrl: string;
  accessToken: string;
  weatherId: string;
  seconds: number;
}

/**
 * The server side, in a child process (so its CPU time per request can be read apart from the load generator's):
 * the real app and a bare Fastify hello-world, both on loopback.
 */
async function serve(o: RecommendationsBenchOptions): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'otboo-bench-'));
  const pgName = `otboo_bench_${Date.now().toString(36)}`;
  let databaseUrl: string | undefined;
  if (o.db === 'postgres') {
    await withAdmin((c) => c.query(`create database ${pgName}`));
    const url = new URL(ADMIN_URL);
    url.pathname = `/${pgName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    ADMIN_PASSWORD: 'admin1234!',
    AUTH_RATE_PER_IP: '100000',
    // Loopback only: upstream providers point at a closed port.
    OPEN_METEO_URL: 'http://127.0.0.1:9',
    KMA_URL: 'http://127.0.0.1:9',
    KAKAO_LOCAL_URL: 'http://127.0.0.1:9',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize: 10 } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
  );
  const app = await buildApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/hello`;

  const cleanup = async () => {
    await hello.close();
    await app.close();
    await database.close();
    if (o.db === 'postgres') await withAdmin((c) => c.query(`drop database if exists ${pgName} with (force)`));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const t0 = performance.now();
    const seeded = await seed(database, baseUrl, o.garments);
    const ready: Ready = { baseUrl, helloUrl, ...seeded, seconds: (performance.now() - t0) / 1000 };
    process.send!({ ready });
  } catch (error) {
    await cleanup();
    throw error;
  }
  process.on('message', (m: { cpu?: true; stop?: true }) => {
    if (m.cpu) {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuMs: (user + system) / 1000 });
    }
    if (m.stop) void cleanup().then(() => process.exit(0));
  });
}

/** Starts the server child, runs the loads from this process, and prints and returns the figures. */
export async function runRecommendationsBench(o: RecommendationsBenchOptions) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(o)], { execArgv: ['--import', 'tsx'] });
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (!(key in m)) return;
        child.off('message', onMessage);
        resolve(m[key] as T);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
  const serverCpuMs = () => {
    const reply = next<number>('cpuMs');
    child.send({ cpu: true });
    return reply;
  };

  try {
    const ready = await next<Ready>('ready');
    console.log(`seeded ${o.garments} garments and 120 posts in ${ready.seconds.toFixed(1)} s (${o.db}); load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const url = `${ready.baseUrl}/api/recommendations?weatherId=${ready.weatherId}`;
    const headers = { authorization: `Bearer ${ready.accessToken}` };

    const first = await json(url, { headers });
    console.log(`outfit: ${first.clothes.map((c: { name: string }) => c.name).join(', ')} — ${first.reason}`);
    for (let i = 0; i < 200; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up

    const times: number[] = [];
    const cpu0 = await serverCpuMs();
    for (let i = 0; i < o.sequential; i++) {
      const s = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      times.push(performance.now() - s);
    }
    const cpuPerRequest = ((await serverCpuMs()) - cpu0) / o.sequential;
    times.sort((a, b) => a - b);
    const sequential = {
      requests: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      mean: times.reduce((a, b) => a + b, 0) / times.length,
      serverCpuMs: cpuPerRequest,
    };
    console.log(
      `GET /api/recommendations, 1 connection, ${sequential.requests} requests: p50 ${sequential.p50.toFixed(2)} ms, p99 ${sequential.p99.toFixed(2)} ms, mean ${sequential.mean.toFixed(2)} ms; server CPU ${cpuPerRequest.toFixed(2)} ms/request`,
    );

    const load = async (label: string, target: string, h?: Record<string, string>) => {
      const before = await serverCpuMs();
      const r = await autocannon({ url: target, connections: o.connections, duration: o.duration, headers: h });
      const cpuMs = ((await serverCpuMs()) - before) / Math.max(1, r.requests.total);
      console.log(
        `${label.padEnd(24)} ${o.connections} connections ${o.duration}s: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}; server CPU ${cpuMs.toFixed(3)} ms/request`,
      );
      return { ...r, serverCpuMs: cpuMs };
    };
    const helloResult = await load('hello world (Fastify)', ready.helloUrl);
    const recResult = await load('GET /api/recommendations', url, headers);
    return { sequential, hello: helloResult, recommendations: recResult };
  } finally {
    child.send({ stop: true });
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

if (process.argv[2] === '--serve') {
  await serve(JSON.parse(process.argv[3]!) as RecommendationsBenchOptions);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'pglite' },
      garments: { type: 'string', default: '1000' },
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
      sequential: { type: 'string', default: '2000' },
    },
  });
  if (values.db !== 'pglite' && values.db !== 'postgres') throw new Error('--db must be pglite or postgres');
  await runRecommendationsBench({
    db: values.db,
    garments: Number(values.garments),
    connections: Number(values.connections),
    duration: Number(values.duration),
    sequential: Number(values.sequential),
  });
}
