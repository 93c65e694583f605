import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from './local-storage.js';

// The real file system, with each fsync and rename written down in order: a power cut cannot be staged in a
// test, but the order of the calls that make a write survive one can be checked.
const calls = vi.hoisted(() => [] as string[]);
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        calls.push(`sync ${String(args[0])}`);
        await sync();
      };
      return handle;
    },
    rename: async (from: string, to: string) => {
      calls.push(`rename ${from} -> ${to}`);
      await real.rename(from, to);
    },
  };
});

describe('local storage', () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'otboo-storage-'));
    calls.length = 0;
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('syncs the file before renaming it into place, then the folders whose entries changed', async () => {
    const root = path.join(base, 'uploads');
    const storage = createLocalStorage(root);
    const key = 'clothes/0b6f8a52-3c1e-4d7a-9f1e-2a4b6c8d0e1f.webp';
    const data = Buffer.alloc(256 * 1024, 7);

    await storage.put(key, data, 'image/webp');

    const file = path.join(root, key);
    const tmp = `${file}.${process.pid}.tmp`;
    expect(calls).toEqual([
      `sync ${tmp}`,
      `rename ${tmp} -> ${file}`,
      `sync ${path.join(root, 'clothes')}`,
      // `uploads/` and `clothes/` were made by this put: their names live in the folders above them.
      `sync ${root}`,
      `sync ${base}`,
    ]);
    expect(await readFile(file)).toEqual(data);
    expect(await readdir(path.join(root, 'clothes'))).toEqual([path.basename(file)]);
  });

  it('syncs only the file and its folder once the folder exists', async () => {
    const root = path.join(base, 'uploads');
    const storage = createLocalStorage(root);
    await storage.put(
      'clothes/0b6f8a52-3c1e-4d7a-9f1e-2a4b6c8d0e1f.webp',
      Buffer.from('first'),
      'image/webp',
    );
    calls.length = 0;

    const key = 'clothes/1c7f9b63-4d2f-4e8b-8a2f-3b5c7d9e1f20-thumb.webp';
    await storage.put(key, Buffer.from('second'), 'image/webp');

    const file = path.join(root, key);
    const tmp = `${file}.${process.pid}.tmp`;
    expect(calls).toEqual([`sync ${tmp}`, `rename ${tmp} -> ${file}`, `sync ${path.join(root, 'clothes')}`]);
    expect((await readFile(file)).toString()).toBe('second');
  });
});
