import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksLikeZip, openZip, ZipError, type ZipReader } from './zip-reader.js';
import { zipStream, type ZipInputEntry } from './zip-writer.js';

const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

async function zip(entries: ZipInputEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of zipStream(entries, new Date('2026-11-21T03:04:06Z'))) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A one-entry archive as most tools write it, built by hand so the central directory can say anything: `name`,
 * `data` deflated, and the declared size and flags given.
 */
function handMade(name: string, data: Buffer, declared = data.length, flags = 0): Buffer {
  const deflated = zlib.deflateRawSync(data);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(flags, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(zlib.crc32(data), 14);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(flags, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(zlib.crc32(data), 16);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const body = Buffer.concat([local, nameBytes, deflated]);
  const directory = Buffer.concat([central, nameBytes]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(body.length, 16);
  return Buffer.concat([body, directory, end]);
}

describe('openZip', () => {
  let dir: string;
  let n = 0;
  const open = async (archive: Buffer, maxEntries = 10): Promise<ZipReader> => {
    const file = path.join(dir, `${n++}.zip`);
    await writeFile(file, archive);
    return openZip(file, maxEntries);
  };
  const refusal = (archive: Buffer, maxEntries?: number) =>
    open(archive, maxEntries).then(
      () => 'opened',
      (err: unknown) => (err instanceof ZipError ? err.reason : err),
    );

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'zip-reader-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the files (not the folders) and reads each byte for byte, within its limit', async () => {
    const csv = Buffer.from('name,type\r\n셔츠,TOP\r\n'.repeat(100));
    const photo = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) & 0xff));
    const reader = await open(
      await zip([
        { name: '내 옷장/clothes.csv', data: csv, compress: true },
        { name: '내 옷장/photos/a.webp', data: photo },
      ]),
    );
    try {
      expect(reader.files.map((f) => [f.name, f.size])).toEqual([
        ['내 옷장/clothes.csv', csv.length],
        ['내 옷장/photos/a.webp', photo.length],
      ]);
      const [csvFile, photoFile] = reader.files;
      if (!csvFile || !photoFile) throw new Error('files missing');
      expect((await reader.read(csvFile, csv.length)).equals(csv)).toBe(true);
      expect((await reader.read(photoFile, 1 << 20)).equals(photo)).toBe(true);
      await expect(reader.read(photoFile, photo.length - 1)).rejects.toMatchObject({ reason: 'too-large' });
    } finally {
      reader.close();
    }

    const other = await open(handMade('dir/', Buffer.alloc(0)));
    expect(other.files).toEqual([]);
    other.close();
  });

  it('stops a zip bomb at its limit or at its declared size', async () => {
    const zeros = Buffer.alloc(20 << 20);
    // Honest about its size: refused before anything is inflated.
    const honest = await open(handMade('zeros.bin', zeros));
    const [file] = honest.files;
    if (!file) throw new Error('file missing');
    await expect(honest.read(file, 1 << 20)).rejects.toMatchObject({ reason: 'too-large' });
    honest.close();
    // Lying (declares 1,000 bytes): inflating stops once it passes them.
    const liar = await open(handMade('zeros.bin', zeros, 1000));
    const [lie] = liar.files;
    if (!lie) throw new Error('file missing');
    await expect(liar.read(lie, 1 << 20)).rejects.toMatchObject({ reason: 'invalid' });
    liar.close();
  });

  it('refuses too many entries, bad checksums, encryption, unsafe names and garbage', async () => {
    const three = await zip(['a', 'b', 'c'].map((name) => ({ name, data: Buffer.from(name) })));
    expect(await refusal(three, 2)).toBe('too-large');
    expect(await refusal(three, 3)).toBe('opened');

    const stored = await zip([{ name: 'a.txt', data: Buffer.from('hello world') }]);
    const corrupt = Buffer.from(stored);
    const at = corrupt.indexOf('hello world');
    corrupt[at] = (corrupt[at] ?? 0) ^ 0xff;
    const reader = await open(corrupt);
    const [file] = reader.files;
    if (!file) throw new Error('file missing');
    await expect(reader.read(file, 1000)).rejects.toMatchObject({ reason: 'invalid' });
    reader.close();

    const encrypted = Buffer.from(stored);
    const central = encrypted.indexOf(CENTRAL_HEADER);
    encrypted.writeUInt16LE(encrypted.readUInt16LE(central + 8) | 1, central + 8);
    expect(await refusal(encrypted)).toBe('invalid');

    for (const name of ['../../etc/passwd', '/etc/passwd', 'photos/../../x.webp', 'C:/x.webp'])
      expect(await refusal(handMade(name, Buffer.from('x')))).toBe('invalid');
    expect(await refusal(Buffer.from('PK\u0003\u0004 not really a zip'))).toBe('invalid');
    expect(await refusal(stored.subarray(0, stored.length - 30))).toBe('invalid');
  });

  it('tells a ZIP from a CSV by its first bytes', async () => {
    expect(looksLikeZip(await zip([]))).toBe(true);
    expect(looksLikeZip(await zip([{ name: 'a', data: Buffer.from('a') }]))).toBe(true);
    expect(looksLikeZip(Buffer.from('id,name\r\n'))).toBe(false);
    expect(looksLikeZip(Buffer.from('PK'))).toBe(false);
  });
});
