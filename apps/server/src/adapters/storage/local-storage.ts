import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_FOLDER_PATTERN, STORAGE_KEY_PATTERN, type Storage } from './storage.js';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** Flushes a directory's entries (a file just renamed into it, a folder just made in it) to the disk. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files under `DATA_DIR/uploads`, written atomically and durably: temp file, fsync, rename, fsync of the folder,
 * all before `put` resolves, so an upload that was answered survives a power cut, not just a killed process.
 */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      const dir = path.dirname(file);
      const created = await mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      const handle = await open(tmp, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, file);
      await syncDirectory(dir);
      // Folders made just now are entries of their parents: those need flushing too, up to the first existing one.
      if (created) {
        for (let d = dir; d !== path.dirname(created);) {
          d = path.dirname(d);
          await syncDirectory(d);
        }
      }
    },
    async get(key) {
      if (!STORAGE_KEY_PATTERN.test(key)) return null;
      const file = fileOf(key);
      try {
        const info = await stat(file);
        const ext = key.slice(key.lastIndexOf('.') + 1);
        return {
          body: createReadStream(file),
          contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
          size: info.size,
        };
      } catch {
        return null;
      }
    },
    async delete(keys) {
      await Promise.all(
        keys.filter((k) => STORAGE_KEY_PATTERN.test(k)).map((k) => rm(fileOf(k), { force: true })),
      );
    },
    async deleteOlderThan(folder, before) {
      if (!STORAGE_FOLDER_PATTERN.test(folder)) throw new Error(`invalid storage folder ${folder}`);
      let names: string[];
      try {
        names = await readdir(path.join(root, folder));
      } catch {
        return 0; // Nothing was ever written there.
      }
      let deleted = 0;
      for (const name of names) {
        const key = `${folder}/${name}`;
        // Objects only: a temporary file is a write in progress.
        if (!STORAGE_KEY_PATTERN.test(key)) continue;
        try {
          if ((await stat(fileOf(key))).mtimeMs >= before.getTime()) continue;
          await rm(fileOf(key), { force: true });
          deleted += 1;
        } catch {
          // Deleted meanwhile.
        }
      }
      return deleted;
    },
  };
}
