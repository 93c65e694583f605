import pg from 'pg';
import { runningEmbeddedUrl } from '../../src/db/embedded-postgres.js';
import { seed } from '../seed.js';
import { scratchDataDir, scratchPostgres, withDatabase } from './servers.js';
import type { BenchContext, DbKind } from './types.js';

export interface Community {
  kind: DbKind;
  /** What `startBuiltServer` needs: the DATA_DIR, and for PostgreSQL its URL. */
  serverTarget: { dataDir: string; databaseUrl?: string };
  /** Runs `fn` with a connection while no server runs (the embedded server is started for it and stopped after). */
  prepare<T>(fn: (client: pg.Client) => Promise<T>): Promise<T>;
  /** The database's URL while the benchmarked server runs (the embedded one's port is chosen at its start). */
  liveUrl(): Promise<string>;
  close(): Promise<void>;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The seeded community (bench/seed.ts) a scenario runs over, on one database kind. PostgreSQL: the database in
 * FEEDS_BENCH_DATABASE_URL when given (seeded beforehand, e.g. `npm run seed -- --scale=1`), else a scratch database
 * seeded at the scale in `scaleVariable` (default 0.05) that `close` drops. Embedded: a scratch DATA_DIR whose
 * embedded PostgreSQL server is seeded at that scale, then served by the built server as `npm start` serves it.
 */
export async function seededCommunity(
  ctx: BenchContext,
  scaleVariable: string,
  kind: DbKind,
): Promise<Community> {
  const given = kind === 'postgres' ? process.env.FEEDS_BENCH_DATABASE_URL : undefined;
  const scratch = kind === 'postgres' && !given ? await scratchPostgres() : undefined;
  const data = await scratchDataDir();
  const url = given ?? scratch?.url;
  const community: Community = {
    kind,
    serverTarget: { dataDir: data.dir, ...(url ? { databaseUrl: url } : {}) },
    prepare: (fn) =>
      url
        ? withClient(url, fn)
        : withDatabase({ dataDir: data.dir }, (database) => withClient(database.url, fn)),
    liveUrl: async () => url ?? runningEmbeddedUrl(data.dir),
    async close() {
      await data.remove();
      await scratch?.drop();
    },
  };
  try {
    if (!given) {
      const scale = Number(process.env[scaleVariable] ?? '0.05');
      const started = performance.now();
      if (url) await seed(url, scale);
      else await withDatabase({ dataDir: data.dir }, (database) => seed(database.url, scale));
      ctx.log(`${kind}: seeded scale ${scale} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  } catch (err) {
    await community.close();
    throw err;
  }
  return community;
}
