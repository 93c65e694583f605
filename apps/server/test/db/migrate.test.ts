import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrateDatabase, migrationsUpToDate } from '../../src/db/migrate.js';
import { databaseUrlFor, randomDbName, withAdminClient } from '../support/databases.js';

/** An empty database on the run's PostgreSQL server (not the migrated template), dropped after the test. */
async function emptyDatabase(): Promise<Database> {
  const name = randomDbName('otboo_t_empty');
  await withAdminClient((c) => c.query(`create database ${name}`));
  const database = openDatabase({ url: databaseUrlFor(name), poolSize: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function hasTable(database: Database, name: string): Promise<boolean> {
  const { rows } = await database.pool.query<{ present: boolean }>(
    'select to_regclass($1) is not null as present',
    [name],
  );
  return rows[0]!.present;
}

async function newestApplied(database: Database): Promise<number> {
  const { rows } = await database.pool.query<{ applied: string }>(
    'select max(created_at)::text as applied from drizzle.__drizzle_migrations',
  );
  return Number(rows[0]!.applied);
}

describe('migrations', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('runs every migration on an empty database, then finds nothing left to do', async () => {
    database = await emptyDatabase();
    expect(await migrationsUpToDate(database)).toBe(false);
    await migrateDatabase(database);
    expect(await hasTable(database, 'public.users')).toBe(true);
    expect(await migrationsUpToDate(database)).toBe(true);

    // A restart applies nothing and records nothing.
    const { rows: before } = await database.pool.query('select * from drizzle.__drizzle_migrations');
    await migrateDatabase(database);
    const { rows: after } = await database.pool.query('select * from drizzle.__drizzle_migrations');
    expect(after).toEqual(before);

    // A journal entry newer than the newest applied one (a new migration shipped) is work to do.
    const newest = await newestApplied(database);
    await database.pool.query(
      'update drizzle.__drizzle_migrations set created_at = $1 where created_at = $2',
      [newest - 1, newest],
    );
    expect(await migrationsUpToDate(database)).toBe(false);
  });

  it('runs them when the bookkeeping table exists but records nothing', async () => {
    database = await emptyDatabase();
    await database.pool.query(`
      create schema drizzle;
      create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);`);
    expect(await migrationsUpToDate(database)).toBe(false);
    await migrateDatabase(database);
    expect(await hasTable(database, 'public.users')).toBe(true);
    expect(await migrationsUpToDate(database)).toBe(true);
  });
});
