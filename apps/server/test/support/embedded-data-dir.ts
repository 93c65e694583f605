import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openConfiguredDatabase, type Database } from '../../src/db/client.js';
import { migrateDatabase } from '../../src/db/migrate.js';

const execFileAsync = promisify(execFile);

let template: Promise<string> | undefined;

/**
 * A DATA_DIR whose embedded PostgreSQL server is created and migrated once per test file (initdb and migrations
 * cost seconds); each call copies it (`cp -a` keeps the files' owner, which PostgreSQL checks).
 */
export async function migratedDataDir(prefix = 'otboo-process-'): Promise<string> {
  template ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'otboo-template-'));
    const database = await openConfiguredDatabase({ dataDir: dir });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    return dir;
  })();
  const source = await template;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await execFileAsync('cp', ['-a', `${source}/.`, dataDir]);
  return dataDir;
}

/** Removes the template of this test file. */
export async function removeTemplate(): Promise<void> {
  if (template) await rm(await template, { recursive: true, force: true });
  template = undefined;
}

/** Starts the embedded server of `dataDir`, as the next `npm start` would, runs `fn`, and stops it. */
export async function withEmbedded<T>(dataDir: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openConfiguredDatabase({ dataDir });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}
