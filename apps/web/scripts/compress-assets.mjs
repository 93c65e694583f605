// Writes brotli and gzip copies of the built text assets next to them; the server sends the smallest one the
// browser accepts (@fastify/static `preCompressed`). Fonts and images are compressed formats already.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const dist = path.resolve(import.meta.dirname, '../dist');
const TEXT = /\.(js|css|html|svg|json)$/;
// Below this a compressed copy saves less than a packet.
const MIN_BYTES = 1024;

let before = 0;
let after = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = await readFile(file);
  if (data.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  before += data.length;
  after += br.length;
}
console.log(`compressed assets: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli)`);
