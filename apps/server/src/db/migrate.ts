import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.js';

/** `apps/server/drizzle`, from both `src/db` (tests) and `dist/db` (built). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 727_001;

/** PostgreSQL's "relation does not exist": a database no migration has touched yet. */
const UNDEFINED_TABLE = '42P01';

/**
 * Whether every committed migration is already applied, in one query. Drizzle's migrator applies exactly the
 * journal entries newer than the newest row of `drizzle.__drizzle_migrations`; when that row is as new as the
 * journal's last entry it would do nothing, but only after reading and hashing every migration file and two DDL
 * statements (a tenth of a restart).
 */
export async function migrationsUpToDate(database: Pick<Database, 'pool'>): Promise<boolean> {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const query = 'select max(created_at)::text as applied from drizzle.__drizzle_migrations';
  try {
    const { rows } = await database.pool.query<{ applied: string | null }>(query);
    const applied = rows[0]?.applied;
    return applied != null && Number(applied) >= newest;
  } catch (err) {
    if ((err as { code?: unknown }).code === UNDEFINED_TABLE) return false;
    throw err;
  }
}

/** Applies the committed migrations. On PostgreSQL an advisory lock lets several instances start at once. */
export async function migrateDatabase(database: Pick<Database, 'pool'>): Promise<void> {
  // Migrations are only ever added, so a database that has them all keeps having them: no lock needed to look.
  if (await migrationsUpToDate(database)) return;
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
