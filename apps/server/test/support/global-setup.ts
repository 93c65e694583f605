import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import {
  databaseUrlFor,
  LOCAL_POSTGRES_URL,
  postgresAnswers,
  randomDbName,
  withAdminClient,
} from './databases.js';

/**
 * The run's PostgreSQL server: TEST_DATABASE_URL, else the local server at 127.0.0.1:5432 when it answers, else an
 * embedded PostgreSQL server in a temporary directory (a machine with only Node runs every suite too). One template
 * database is migrated per run (migrations cost seconds); every test file starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const configured = process.env.TEST_DATABASE_URL;
  let admin = configured ?? LOCAL_POSTGRES_URL;
  let stopEmbedded = async () => {};
  if (!configured && !(await postgresAnswers(admin))) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'otboo-test-postgres-'));
    const server = await startEmbeddedPostgres(dir);
    admin = server.url;
    stopEmbedded = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const name = randomDbName('otboo_tpl');
  await withAdminClient((c) => c.query(`create database ${name}`), admin);
  const database = openDatabase({ url: databaseUrlFor(name, admin), poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  project.provide('adminDatabaseUrl', admin);
  project.provide('postgresTemplate', name);
  return async () => {
    await withAdminClient(async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`otboo_t_${name.slice('otboo_tpl_'.length)}%`, name],
      );
      for (const row of rows) await c.query(`drop database if exists ${row.datname} with (force)`);
    }, admin);
    await stopEmbedded();
  };
}
