import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  bufferSource,
  looksLikeZip,
  readZipDirectory,
  readZipEntry,
  zipChunks,
  ZipError,
  type ZipInputEntry,
} from './zip.js';

async function zip(entries: ZipInputEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of Readable.from(zipChunks(entries, new Date('2026-11-21T03:04:06Z'))))
    chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('zip', () => {
  it('writes stored and deflated entries that read back byte for byte', async () => {
    const photo = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) & 0xff));
    const csv = Buffer.from('\uFEFFid,name\r\n1,네이비 코트\r\n'.repeat(200));
    const archive = await zip([
      { name: 'clothes.csv', data: csv, compress: true },
      { name: 'photos/a.webp', data: photo },
      { name: 'empty.json', data: Buffer.alloc(0), compress: true },
    ]);
    expect(looksLikeZip(archive)).toBe(true);
    const source = bufferSource(archive);
    const entries = await readZipDirectory(source, 10);
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['clothes.csv', 8],
      ['photos/a.webp', 0],
      ['empty.json', 8],
    ]);
    expect(entries[0]!.compressedSize).toBeLessThan(csv.length);
    expect((await readZipEntry(source, entries[0]!, 1 << 20)).equals(csv)).toBe(true);
    expect((await readZipEntry(source, entries[1]!, 1 << 20)).equals(photo)).toBe(true);
    expect((await readZipEntry(source, entries[2]!, 1 << 20)).length).toBe(0);
  });

  it('is deterministic for the same entries and time', async () => {
    const entries = [{ name: 'a.txt', data: Buffer.from('x'), compress: true }];
    expect((await zip(entries)).equals(await zip(entries))).toBe(true);
  });

  it('refuses too many entries, bombs, bad checksums, encryption and garbage', async () => {
    const bomb = await zip([{ name: 'zeros.bin', data: Buffer.alloc(20 << 20), compress: true }]);
    expect(bomb.length).toBeLessThan(100_000);
    const source = bufferSource(bomb);
    const [entry] = await readZipDirectory(source, 10);
    await expect(readZipEntry(source, entry!, 1 << 20)).rejects.toMatchObject({ reason: 'too-large' });
    // A lying size header: declared small, inflates large.
    await expect(readZipEntry(source, { ...entry!, size: 1000 }, 1 << 20)).rejects.toMatchObject({
      reason: 'too-large',
    });

    const three = await zip(['a', 'b', 'c'].map((name) => ({ name, data: Buffer.from(name) })));
    await expect(readZipDirectory(bufferSource(three), 2)).rejects.toMatchObject({ reason: 'too-large' });

    const stored = await zip([{ name: 'a.txt', data: Buffer.from('hello world') }]);
    const corrupt = Buffer.from(stored);
    corrupt[30 + 'a.txt'.length] ^= 0xff; // first data byte
    const cs = bufferSource(corrupt);
    await expect(readZipEntry(cs, (await readZipDirectory(cs, 10))[0]!, 1000)).rejects.toBeInstanceOf(
      ZipError,
    );

    const encrypted = Buffer.from(stored);
    const central = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(central + 8) | 1, central + 8);
    await expect(readZipDirectory(bufferSource(encrypted), 10)).rejects.toMatchObject({
      reason: 'unsupported',
    });

    await expect(
      readZipDirectory(bufferSource(Buffer.from('not a zip at all, just text')), 10),
    ).rejects.toBeInstanceOf(ZipError);
    await expect(
      readZipDirectory(bufferSource(stored.subarray(0, stored.length - 30)), 10),
    ).rejects.toBeInstanceOf(ZipError);
    expect(looksLikeZip(Buffer.from('id,name\r\n'))).toBe(false);
  });

  it('reads archives other tools make (deflate with a data-less central directory order)', async () => {
    // A hand-made archive in the layout most tools write: local header, deflated data, central directory, end.
    const data = Buffer.from('made elsewhere '.repeat(50));
    const deflated = zlib.deflateRawSync(data);
    const name = Buffer.from('dir/file.txt');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(zlib.crc32(data), 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(zlib.crc32(data), 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    const body = Buffer.concat([local, name, deflated]);
    const cd = Buffer.concat([central, name]);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(cd.length, 12);
    end.writeUInt32LE(body.length, 16);
    const source = bufferSource(Buffer.concat([body, cd, end]));
    const [entry] = await readZipDirectory(source, 5);
    expect(entry!.name).toBe('dir/file.txt');
    expect((await readZipEntry(source, entry!, 10_000)).equals(data)).toBe(true);
  });
});
