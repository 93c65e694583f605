/**
 * Benchmark of GET /api/weathers served from the cache, next to a hello-world Fastify server measured in the
 * same run. Standalone (the shared bench runner did not exist when it was written):
 *
 *   node --import tsx bench/scenarios/weather.ts [--db=pglite|postgres] [--connections=50] [--duration=10]
 *        [--sequential=2000]
 *
 * It starts the loopback Open-Meteo fake and the real app on 127.0.0.1 with a fresh database (a temporary
 * PGlite folder, or a new database on the local PostgreSQL server that is dropped afterwards), signs a user up
 * through the API, asks once for Seoul's forecast (the one upstream request), then measures:
 *   - one connection, requests one after another: p50/p99 latency measured by the client;
 *   - `--connections` connections for `--duration` seconds with autocannon in a worker thread (so the load
 *     generator does not share the server's event loop): requests/s, p50/p99;
 *   - the same load against a bare Fastify `{hello: 'world'}` route, the app's public `/api/auth/csrf-token`
 *     (the plugin stack without authentication) and the weather route with a valid token but a bad query
 *     (authentication's session lookup without the weather code, answered 400).
 * It checks that the whole run made exactly one upstream request. Every request goes to loopback only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { startOpenMeteoFake } from '../../test/fakes/open-meteo.js';

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
const SEOUL = '?latitude=37.5665&longitude=126.978';

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

async function json(url: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function signUp(baseUrl: string): Promise<string> {
  const email = `bench.${Date.now().toString(36)}@otboo.bench`;
  const password = 'bench1234!';
  await json(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: 'bench', password }),
  });
  const form = new FormData();
  form.append('username', email);
  form.append('password', password);
  const { accessToken } = await json(`${baseUrl}/api/auth/sign-in`, { method: 'POST', body: form });
  return accessToken as string;
}

export interface WeatherBenchOptions {
  db: 'pglite' | 'postgres';
  connections: number;
  duration: number;
  sequential: number;
}

export async function runWeatherBench(o: WeatherBenchOptions) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'otboo-bench-weather-'));
  const dbName = `otboo_bench_weather_${process.pid}`;
  let database: Database;
  if (o.db === 'postgres') {
    await withAdmin((c) => c.query(`drop database if exists ${dbName}`).then(() => c.query(`create database ${dbName}`)));
    database = await openDatabase({ kind: 'postgres', url: ADMIN_URL.replace(/\/postgres$/, `/${dbName}`), poolSize: 10 });
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  }
  const fake = await startOpenMeteoFake();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    ACCESS_TOKEN_TTL: '1h',
    AUTH_RATE_PER_IP: '1000000',
    OPEN_METEO_URL: fake.url,
    KMA_URL: 'http://127.0.0.1:9',
    KAKAO_LOCAL_URL: 'http://127.0.0.1:9',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/hello`;

  try {
    const token = await signUp(baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const first = await json(`${baseUrl}/api/weathers${SEOUL}`, { headers });
    if (!Array.isArray(first) || first.length !== 5) throw new Error('the first forecast is not five days');

    const times: number[] = [];
    for (let i = 0; i < o.sequential; i++) {
      const t = performance.now();
      const res = await fetch(`${baseUrl}/api/weathers${SEOUL}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const sequential = { p50: percentile(times, 50), p99: percentile(times, 99) };

    const load = async (name: string, url: string, h?: Record<string, string>) => {
      const r = await autocannon({ url, connections: o.connections, duration: o.duration, workers: 1, headers: h });
      return { name, rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
    };
    const helloResult = await load('hello world (bare Fastify)', helloUrl);
    const csrfResult = await load('GET /api/auth/csrf-token (app, public)', `${baseUrl}/api/auth/csrf-token`);
    // Same route, valid token, bad query: the session check runs, the weather code does not (400).
    const authOnly = await load('GET /api/weathers?latitude=x (auth → 400)', `${baseUrl}/api/weathers?latitude=x`, headers);
    const weatherResult = await load('GET /api/weathers (cached)', `${baseUrl}/api/weathers${SEOUL}`, headers);
    return { sequential, loads: [helloResult, csrfResult, authOnly, weatherResult], upstreamCalls: fake.calls };
  } finally {
    await hello.close();
    await app.close();
    await database.close();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
    if (o.db === 'postgres') await withAdmin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'pglite' },
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
      sequential: { type: 'string', default: '2000' },
    },
  });
  const options: WeatherBenchOptions = {
    db: values.db === 'postgres' ? 'postgres' : 'pglite',
    connections: Number(values.connections),
    duration: Number(values.duration),
    sequential: Number(values.sequential),
  };
  const result = await runWeatherBench(options);
  console.log(`\nGET /api/weathers from the cache — ${options.db}, Node ${process.version}, ${os.cpus().length} cores`);
  console.log(`sequential (1 connection, ${options.sequential} requests): p50 ${result.sequential.p50.toFixed(2)} ms, p99 ${result.sequential.p99.toFixed(2)} ms`);
  console.log(`${options.connections} connections, ${options.duration} s each (autocannon in a worker thread):`);
  for (const l of result.loads) {
    console.log(
      `  ${l.name.padEnd(44)} ${l.rps.toFixed(0).padStart(7)} req/s  p50 ${String(l.p50).padStart(3)} ms  p99 ${String(l.p99).padStart(3)} ms  (${l.total} requests, non-2xx ${l.non2xx}, errors ${l.errors})`,
    );
  }
  console.log(`upstream (Open-Meteo fake) requests during the whole run: ${result.upstreamCalls}`);
  if (result.upstreamCalls !== 1) process.exitCode = 1;
}
