import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { databaseUrlFor, randomDbName, withAdminClient } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database per run (initdb and migrations cost seconds); every test file then
 * starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  // The project's `env` reaches the test workers, not this process: the project name says which database.
  const kind = project.name === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'otboo-pglite-'));
    const database = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const file = path.join(dir, 'template.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('postgresTemplate', '');
    return async () => {
      await rm(dir, { recursive: true, force: true });
    };
  }
  const name = randomDbName('otboo_tpl');
  await withAdminClient((c) => c.query(`create database ${name}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrlFor(name), poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  project.provide('postgresTemplate', name);
  project.provide('pgliteTemplate', '');
  return async () => {
    await withAdminClient(async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`otboo_t_${name.slice('otboo_tpl_'.length)}%`, name],
      );
      for (const row of rows) await c.query(`drop database if exists ${row.datname} with (force)`);
    });
  };
}
