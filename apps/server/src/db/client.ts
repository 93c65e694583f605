import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { moveFromPglite, type PgliteMove } from './pglite-move.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repos accept either this or the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  /** `embedded`: the PostgreSQL server this process started under DATA_DIR (one instance, nothing shared). */
  kind: 'embedded' | 'postgres';
  db: Db;
  /** LISTEN/NOTIFY and migrations need their own connections. */
  pool: pg.Pool;
  url: string;
  /** Set when this start moved a PGlite DATA_DIR over (the app logs it once). */
  movedFromPglite?: PgliteMove;
  close(): Promise<void>;
}

/**
 * Opens the database the configuration names: PostgreSQL at `DATABASE_URL` when set, else the embedded PostgreSQL
 * server of `DATA_DIR` (started here, stopped by `close()`).
 */
export async function openConfiguredDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string },
  /** The embedded server's start when the caller began it already (server.ts, before loading this module). */
  starting?: Promise<EmbeddedPostgres>,
): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl });
  const server = await (starting ?? startEmbeddedPostgres(config.dataDir));
  const database = openDatabase({ url: server.url, embedded: server });
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!existsSync(pgliteDir)) return database;
  try {
    return { ...database, movedFromPglite: await moveFromPglite(pgliteDir, database) };
  } catch (err) {
    await database.close();
    throw err;
  }
}

// timestamptz → Date is the default; bigint counts arrive as strings unless cast, which repos do.
export function openDatabase(options: {
  url: string;
  poolSize?: number;
  embedded?: EmbeddedPostgres;
}): Database {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const { embedded } = options;
  return {
    kind: embedded ? 'embedded' : 'postgres',
    db,
    pool,
    url: options.url,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
