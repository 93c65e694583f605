import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_FOLDER_PATTERN, STORAGE_KEY_PATTERN, type Storage } from './storage.js';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** Files under `DATA_DIR/uploads`, written atomically (temp file + rename). */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
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
