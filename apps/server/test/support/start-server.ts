import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import { buildApp, type App, type AppOverrides } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { databaseUrlFor, withAdminClient } from './databases.js';
import { OFFLINE_PROVIDER_ENV } from './offline-env.js';

export interface TestServer {
  app: App;
  /** `http://127.0.0.1:<port>` */
  url: string;
  config: Config;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment (docs/configuration.md names) on top of the test defaults. */
  env?: Record<string, string>;
  overrides?: Omit<AppOverrides, 'database'>;
  /** Reuse a database (e.g. a second instance on the same PostgreSQL database, or a restart). */
  database?: TestDatabase;
}

export interface TestDatabase {
  /** The database URL on the run's PostgreSQL server. */
  location: string;
  drop(): Promise<void>;
}

let counter = 0;

/** A fresh database copied from the run's migrated template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('postgresTemplate');
  const name = `otboo_t_${template.slice('otboo_tpl_'.length)}_${process.pid}_${++counter}`;
  await withAdminClient((c) => c.query(`create database ${name} template ${template}`));
  return {
    location: databaseUrlFor(name),
    drop: () =>
      withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** Test defaults: loopback only, quiet, no rate limit interference, a private DATA_DIR. */
export function testEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    ADMIN_EMAIL: 'admin@otboo.test',
    ADMIN_PASSWORD: 'admin1234!',
    AUTH_RATE_PER_IP: '100000',
    SIGN_IN_MAX_FAILURES: '1000',
    WRITE_RATE_BURST: '100000',
    // Every response of every suite is also encoded with the zod contract and must match it byte for byte.
    CHECK_RESPONSES: 'true',
    // Never reach the internet from a test: providers point at a closed loopback port unless a test fakes them.
    ...OFFLINE_PROVIDER_ENV,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...extra,
  };
}

/** Starts the real app on a loopback port with its own database. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'otboo-data-'));
  const testDb = options.database ?? (await createTestDatabase());
  const database = openDatabase({ url: testDb.location, poolSize: 5 });
  const config = loadConfig(testEnv(dataDir, options.env));
  const app = await buildApp(config, { ...options.overrides, database });
  // As server.ts does: first-start work, listen, then the background jobs (the morning outfit, the weather
  // refresh and the imports sweeper run in every test server, as in production).
  await app.lifecycle.bootstrap();
  await app.listen({ port: 0, host: '127.0.0.1' });
  app.lifecycle.start();
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      if (!options.database) await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
