// What a screen must download before its first paint, read from the Vite manifest (dist/.vite/manifest.json):
// the entry's scripts and styles with everything they import statically, plus, for a screen whose code is a
// lazy chunk, those chunks' own static closure. Dynamic imports are left out: they load when used.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The files (scripts and styles, each once) that `keys` (manifest keys: 'index.html', 'src/app/routes/x.tsx')
 * and their static imports bring.
 * @param {Record<string, { file: string, imports?: string[], css?: string[] }>} manifest
 * @param {string[]} keys
 * @returns {string[]}
 */
export function staticClosure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no '${key}'`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/**
 * Each screen's first-paint bytes (uncompressed and brotli) against its budget.
 * @param {{ name: string, keys: string[], maxKB: number, maxBrotliKB: number }[]} screens
 * @param {Record<string, { file: string, imports?: string[], css?: string[] }>} manifest
 * @param {(file: string) => Promise<Buffer>} read the built file's bytes
 */
export async function measureScreens(screens, manifest, read) {
  return Promise.all(
    screens.map(async (screen) => {
      const files = staticClosure(manifest, screen.keys);
      let bytes = 0;
      let brotliBytes = 0;
      for (const file of files) {
        const data = await read(file);
        bytes += data.length;
        brotliBytes += zlib.brotliCompressSync(data, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length;
      }
      const kb = bytes / 1024;
      const brotliKB = brotliBytes / 1024;
      return {
        ...screen,
        files,
        kb,
        brotliKB,
        withinBudget: kb <= screen.maxKB && brotliKB <= screen.maxBrotliKB,
      };
    }),
  );
}

/** Reads a build's manifest and a reader of its files. */
export async function loadBuild(dist) {
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8'));
  return { manifest, read: (file) => readFile(path.join(dist, file)) };
}
