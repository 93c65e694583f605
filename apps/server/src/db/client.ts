import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DurableNodeFS } from './durable-node-fs.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repos accept either this or the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` undefined = in memory; `loadDataDir` starts from a dumped template (tests). `fsync` (default true)
   * puts each commit on the disk before it returns; false is PGlite's own default, see PGLITE_FSYNC.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; fsync?: boolean };

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Present for PostgreSQL: LISTEN/NOTIFY and migrations need their own connections. */
  pool?: pg.Pool;
  url?: string;
  /** Present for the embedded database. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/** Opens the database the configuration names: PostgreSQL when `DATABASE_URL` is set, else PGlite under `DATA_DIR`. */
export function openConfiguredDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  pgliteFsync?: boolean;
}): Promise<Database> {
  return openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: `${config.dataDir}/pglite`, fsync: config.pgliteFsync ?? true },
  );
}

/**
 * PGlite's start parameters without `-F` (fsync off), and with commits flushed by fsync(): Emscripten turns the
 * default fdatasync() into a no-op, while DurableNodeFS makes fsync() real.
 */
const DURABLE_PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

// timestamptz → Date is the default; bigint counts arrive as strings unless cast, which repos do.
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return { kind: 'postgres', db, pool, url: options.url, close: () => pool.end() };
  }
  if (options.dataDir) await mkdir(path.dirname(options.dataDir), { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    // In memory there is no disk to sync to.
    ...(options.dataDir && options.fsync !== false
      ? { fs: new DurableNodeFS(options.dataDir), startParams: [...DURABLE_PGLITE_START_PARAMS] }
      : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Db;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}
