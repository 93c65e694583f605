import { rename } from 'node:fs/promises';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { migrateDatabase, MIGRATIONS_FOLDER } from './migrate.js';

/**
 * The move of a DATA_DIR from before the embedded PostgreSQL server (PGlite under `DATA_DIR/pglite`): at the first
 * start, the old database and the new one are brought to the same migration level, every table's rows are copied
 * in one transaction, sequences set to where they were, and the old directory renamed to `pglite.moved` so it is
 * not moved twice. The transaction empties the new tables first, so a move cut short before the rename simply
 * runs again. PGlite stays a dependency for this alone, and loads only when there is something to move.
 */

const BATCH = 1000;

export interface PgliteMove {
  tables: number;
  rows: number;
  /** Where the old directory went. */
  movedTo: string;
}

export async function moveFromPglite(pgliteDir: string, target: { pool: pg.Pool }): Promise<PgliteMove> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const old = await PGlite.create({ dataDir: pgliteDir, extensions: { pg_trgm } });
  let rows = 0;
  let tables: string[];
  try {
    await migratePglite(drizzlePglite({ client: old }), { migrationsFolder: MIGRATIONS_FOLDER });
    await migrateDatabase(target);
    tables = (
      await old.query<{ name: string }>(
        `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`,
      )
    ).rows.map((r) => r.name);
    const sequences = (
      await old.query<{ name: string; value: string | null }>(
        `select quote_ident(sequencename) as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
      )
    ).rows;

    const client = await target.pool.connect();
    try {
      await client.query('begin');
      // Foreign keys and triggers are not checked row by row: the rows come from a database that held them.
      await client.query('set local session_replication_role = replica');
      if (tables.length > 0) await client.query(`truncate ${tables.join(', ')}`);
      for (const table of tables) rows += await copyTable(old, client, table);
      for (const seq of sequences)
        if (seq.value !== null) await client.query(`select setval('${seq.name}', $1::bigint)`, [seq.value]);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  } finally {
    await old.close();
  }
  const movedTo = `${pgliteDir}.moved`;
  await rename(pgliteDir, movedTo);
  return { tables: tables.length, rows, movedTo };
}

/** Copies one table in batches of JSON rows; generated columns are left to the new database to compute. */
async function copyTable(
  old: import('@electric-sql/pglite').PGlite,
  client: pg.PoolClient,
  table: string,
): Promise<number> {
  const { rows: columns } = await client.query<{ name: string }>(
    `select quote_ident(column_name) as name from information_schema.columns
      where table_schema = 'public' and quote_ident(table_name) = $1 and is_generated = 'NEVER'
        and generation_expression is null
      order by ordinal_position`,
    [table],
  );
  const list = columns.map((c) => c.name).join(', ');
  let copied = 0;
  await old.transaction(async (tx) => {
    await tx.query(
      `declare rows_out no scroll cursor for select row_to_json(t)::text as row from ${table} t`,
    );
    for (;;) {
      const batch = await tx.query<{ row: string }>(`fetch ${BATCH} from rows_out`);
      if (batch.rows.length === 0) break;
      await client.query(
        `insert into ${table} (${list}) overriding system value
         select ${list} from json_populate_recordset(null::${table}, $1::json)`,
        [`[${batch.rows.map((r) => r.row).join(',')}]`],
      );
      copied += batch.rows.length;
    }
  });
  return copied;
}
