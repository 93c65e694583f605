import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase, type Database } from './client.js';

// Every fsync our code asks of the operating system, counted; the calls still reach the disk.
const synced = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    fsyncSync: (fd: number) => {
      synced.count += 1;
      real.fsyncSync(fd);
    },
  };
});

async function setting(database: Database, name: 'fsync' | 'wal_sync_method'): Promise<string> {
  const result = await database.pglite!.query<{ value: string }>(
    `select current_setting('${name}') as value`,
  );
  return result.rows[0]!.value;
}

describe('embedded database durability', () => {
  let dataDir: string;
  let database: Database | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'otboo-durable-'));
  });
  afterEach(async () => {
    await database?.close();
    database = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('flushes each commit to the disk before it returns, by default', async () => {
    database = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }));
    expect(await setting(database, 'fsync')).toBe('on');
    // PGlite's Emscripten layer makes fdatasync() a no-op; fsync() is the method that reaches the disk.
    expect(await setting(database, 'wal_sync_method')).toBe('fsync');
    await database.db.execute(sql`create table t (x int)`);

    synced.count = 0;
    await database.db.execute(sql`insert into t values (1)`);
    expect(synced.count).toBeGreaterThanOrEqual(1);

    // The row is there for the next process (a clean close, then the same directory opened again).
    await database.close();
    database = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }));
    const rows = await database.pglite!.query<{ x: number }>('select x from t');
    expect(rows.rows).toEqual([{ x: 1 }]);
  });

  it('PGLITE_FSYNC=false keeps PGlite’s own setting: commits reach the operating system, not the disk', async () => {
    database = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir, PGLITE_FSYNC: 'false' }));
    expect(await setting(database, 'fsync')).toBe('off');
    await database.db.execute(sql`create table t (x int)`);

    synced.count = 0;
    await database.db.execute(sql`insert into t values (1)`);
    expect(synced.count).toBe(0);
  });
});
