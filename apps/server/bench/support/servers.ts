import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openConfiguredDatabase, openDatabase, type Database } from '../../src/db/client.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { OFFLINE_PROVIDER_ENV } from '../../test/support/offline-env.js';

export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const BUILT_SERVER = path.join(SERVER_DIR, 'dist', 'server.js');

/** The bootstrap administrator of every benchmarked server. */
export const BENCH_ADMIN = { email: 'admin@otboo.bench', password: 'benchAdmin1' };

/**
 * Environment of a benchmarked server: loopback only (providers point at a closed port, like the tests),
 * quiet logs (per-request logging would measure the terminal) and limits that stay out of the way.
 */
export function benchEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    AUTH_RATE_PER_IP: '1000000000',
    SIGN_IN_MAX_FAILURES: '1000000000',
    WRITE_RATE_BURST: '1000000000',
    ...OFFLINE_PROVIDER_ENV,
    ...extra,
  };
}

/** A port that was free a moment ago (the child binds it right away). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls until `url` answers anything over HTTP; returns the time since `startedAt` (performance.now()). */
export async function waitForAnswer(
  url: string,
  startedAt: number,
  child?: ChildProcess,
  timeoutMs = 60_000,
): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return performance.now() - startedAt;
    } catch {
      if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - startedAt > timeoutMs)
        throw new Error(`no answer from ${url} in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

export interface BuiltServer {
  url: string;
  /** The server's process (CPU and memory readings from /proc). */
  pid: number;
  /** From spawn to the first HTTP answer. */
  startupMs: number;
  stop(): Promise<void>;
}

/**
 * Runs the built server (`node dist/server.js`, as `npm start` does) in its own process, so the load generator
 * in this process never shares its event loop. Stderr is kept and shown if it fails.
 */
export async function startBuiltServer(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<BuiltServer> {
  const port = await freePort();
  const env = benchEnv({
    PORT: String(port),
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const startedAt = performance.now();
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under a benchmark.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, BUILT_SERVER], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  let startupMs: number;
  try {
    startupMs = await waitForAnswer(`${url}/api/auth/csrf-token`, startedAt, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${stderr}`, { cause: err });
  }
  return {
    url,
    pid: child.pid!,
    startupMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A bare Fastify `{hello: 'world'}` in its own process: the framework's ceiling on this machine. */
export async function startHelloWorld(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./hello-world.ts', import.meta.url))],
    {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', PORT: String(port) },
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}/`;
  await waitForAnswer(url, performance.now(), child);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** An empty temporary DATA_DIR. */
export async function scratchDataDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'otboo-bench-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

function adminDatabaseUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

/** A new, empty database on the local PostgreSQL server, dropped by `drop()`. */
export async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `otboo_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminDatabaseUrl() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * Opens a benchmark database from this process to seed it: PostgreSQL at any time, the embedded PostgreSQL server
 * of DATA_DIR (started here and stopped after) only while no server has it open. The schema is migrated first.
 */
export async function withDatabase<T>(
  target: { dataDir: string; databaseUrl?: string },
  fn: (database: Database) => Promise<T>,
): Promise<T> {
  const database = target.databaseUrl
    ? openDatabase({ url: target.databaseUrl, poolSize: 2 })
    : await openConfiguredDatabase({ dataDir: target.dataDir });
  try {
    await migrateDatabase(database);
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** Signs in through the real multipart endpoint; returns the access token and the refresh cookie. */
export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const form = new FormData();
  form.append('username', email);
  form.append('password', password);
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, { method: 'POST', body: form });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string };
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('REFRESH_TOKEN='));
  return {
    accessToken: body.accessToken,
    refreshToken: cookie?.slice('REFRESH_TOKEN='.length).split(';')[0] ?? '',
  };
}

/**
 * Everything a database-backed scenario needs for one database kind: an empty DATA_DIR, a scratch PostgreSQL
 * database when asked, cleanup of both.
 */
export async function benchTarget(kind: 'embedded' | 'postgres') {
  const data = await scratchDataDir();
  const pgDb = kind === 'postgres' ? await scratchPostgres() : undefined;
  return {
    kind,
    dataDir: data.dir,
    ...(pgDb ? { databaseUrl: pgDb.url } : {}),
    async cleanup() {
      try {
        await pgDb?.drop();
      } finally {
        await data.remove();
      }
    },
  };
}
