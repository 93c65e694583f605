/**
 * ZIP archives on node:zlib alone (PKWARE APPNOTE 6.3): a streaming writer for the closet export and a
 * random-access reader for its import (docs/api.md §9.7). Only what those need: entries stored (photos are
 * already compressed) or deflated (CSV, JSON), UTF-8 names, ZIP64 records when an archive passes 4 GB or 65,535
 * entries. The reader refuses encryption, ZIP64, split archives and methods other than store and deflate, and
 * never inflates past a caller's byte limit (zip bombs), so whatever the upload claims, memory stays bounded.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);
const inflateRaw = promisify(zlib.inflateRaw);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const UTF8_NAMES = 0x0800;
const STORE = 0;
const DEFLATE = 8;
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;

export interface ZipInputEntry {
  /** Path inside the archive, `/`-separated (e.g. `photos/<id>.webp`). */
  name: string;
  data: Buffer;
  /** Deflate the entry (worth it for text; photos are stored as they are). */
  compress?: boolean;
}

/** DOS date and time (local fields, 2-second resolution) of `at`, read in UTC so an export does not depend on the host. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

interface CentralRecord {
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/**
 * Yields a ZIP archive of `entries` chunk by chunk, each entry's data once it is known (so a consumer that reads
 * slowly holds back the producer: `Readable.from(zipChunks(…))`). Only one entry's data is in memory at a time.
 */
export async function* zipChunks(
  entries: AsyncIterable<ZipInputEntry> | Iterable<ZipInputEntry>,
  at = new Date(),
) {
  const { time, date } = dosDateTime(at);
  const records: CentralRecord[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.compress ? await deflateRaw(entry.data) : entry.data;
    if (entry.data.length >= MAX32 || data.length >= MAX32)
      throw new Error(`zip entry too large: ${entry.name}`);
    const record: CentralRecord = {
      name,
      method: entry.compress ? DEFLATE : STORE,
      crc: zlib.crc32(entry.data),
      compressedSize: data.length,
      size: entry.data.length,
      offset,
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(UTF8_NAMES, 6);
    header.writeUInt16LE(record.method, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(record.crc, 14);
    header.writeUInt32LE(record.compressedSize, 18);
    header.writeUInt32LE(record.size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    yield Buffer.concat([header, name]);
    yield data;
    offset += header.length + name.length + data.length;
    records.push(record);
  }

  const centralStart = offset;
  const central: Buffer[] = [];
  for (const r of records) {
    // The local header's offset is the only field that can pass 4 GB (entries are smaller): a ZIP64 extra then.
    const zip64 = r.offset >= MAX32;
    const extra = zip64 ? Buffer.alloc(12) : Buffer.alloc(0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(r.offset), 4);
    }
    const h = Buffer.alloc(46);
    h.writeUInt32LE(CENTRAL_HEADER, 0);
    h.writeUInt16LE((3 << 8) | (zip64 ? 45 : 20), 4); // made by: Unix, so the mode below is read
    h.writeUInt16LE(zip64 ? 45 : 20, 6);
    h.writeUInt16LE(UTF8_NAMES, 8);
    h.writeUInt16LE(r.method, 10);
    h.writeUInt16LE(time, 12);
    h.writeUInt16LE(date, 14);
    h.writeUInt32LE(r.crc, 16);
    h.writeUInt32LE(r.compressedSize, 20);
    h.writeUInt32LE(r.size, 24);
    h.writeUInt16LE(r.name.length, 28);
    h.writeUInt16LE(extra.length, 30);
    h.writeUInt16LE(0, 32); // comment
    h.writeUInt16LE(0, 34); // disk
    h.writeUInt16LE(0, 36); // internal attributes
    h.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    h.writeUInt32LE(zip64 ? MAX32 : r.offset, 42);
    central.push(h, r.name, extra);
  }
  const centralBytes = Buffer.concat(central);
  const centralSize = centralBytes.length;
  yield centralBytes;

  const needs64 = records.length >= MAX16 || centralStart >= MAX32 || centralSize >= MAX32;
  if (needs64) {
    const end64 = Buffer.alloc(56);
    end64.writeUInt32LE(ZIP64_END, 0);
    end64.writeBigUInt64LE(44n, 4);
    end64.writeUInt16LE((3 << 8) | 45, 12);
    end64.writeUInt16LE(45, 14);
    end64.writeUInt32LE(0, 16);
    end64.writeUInt32LE(0, 20);
    end64.writeBigUInt64LE(BigInt(records.length), 24);
    end64.writeBigUInt64LE(BigInt(records.length), 32);
    end64.writeBigUInt64LE(BigInt(centralSize), 40);
    end64.writeBigUInt64LE(BigInt(centralStart), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(ZIP64_LOCATOR, 0);
    locator.writeUInt32LE(0, 4);
    locator.writeBigUInt64LE(BigInt(centralStart + centralSize), 8);
    locator.writeUInt32LE(1, 16);
    yield Buffer.concat([end64, locator]);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(Math.min(records.length, MAX16), 8);
  end.writeUInt16LE(Math.min(records.length, MAX16), 10);
  end.writeUInt32LE(Math.min(centralSize, MAX32), 12);
  end.writeUInt32LE(Math.min(centralStart, MAX32), 16);
  end.writeUInt16LE(0, 20);
  yield end;
}

/** A ZIP that cannot be read, or one that asks for more than the caller allows. */
export class ZipError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid' | 'unsupported' | 'too-large' = 'invalid',
  ) {
    super(message);
  }
}

/** Random access to the archive's bytes (a file handle, or a buffer in tests). */
export interface ZipSource {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
}

export function bufferSource(buf: Buffer): ZipSource {
  return { size: buf.length, read: async (position, length) => buf.subarray(position, position + length) };
}

export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
  directory: boolean;
}

/** True when `head` starts like a ZIP archive (an entry, or the end record of an empty one). */
export function looksLikeZip(head: Buffer): boolean {
  if (head.length < 4) return false;
  const sig = head.readUInt32LE(0);
  return sig === LOCAL_HEADER || sig === END_OF_CENTRAL_DIRECTORY;
}

/** The archive's entries from its central directory; more than `maxEntries` is refused before any is read. */
export async function readZipDirectory(source: ZipSource, maxEntries: number): Promise<ZipEntry[]> {
  if (source.size < 22) throw new ZipError('too short');
  const tailLength = Math.min(source.size, 22 + MAX16);
  const tailStart = source.size - tailLength;
  const tail = await source.read(tailStart, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (
      tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY &&
      i + 22 + tail.readUInt16LE(i + 20) <= tail.length
    ) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError('no end of central directory');
  const disk = tail.readUInt16LE(at + 4);
  const centralDisk = tail.readUInt16LE(at + 6);
  const count = tail.readUInt16LE(at + 10);
  const centralSize = tail.readUInt32LE(at + 12);
  const centralOffset = tail.readUInt32LE(at + 16);
  if (disk !== 0 || centralDisk !== 0 || tail.readUInt16LE(at + 8) !== count)
    throw new ZipError('split archive', 'unsupported');
  if (count === MAX16 || centralSize === MAX32 || centralOffset === MAX32)
    throw new ZipError('zip64', 'unsupported');
  if (count > maxEntries) throw new ZipError('too many entries', 'too-large');
  if (centralOffset + centralSize > tailStart + at) throw new ZipError('central directory out of range');
  const central = await source.read(centralOffset, centralSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > central.length || central.readUInt32LE(p) !== CENTRAL_HEADER)
      throw new ZipError('bad central header');
    const flags = central.readUInt16LE(p + 8);
    const method = central.readUInt16LE(p + 10);
    const nameLength = central.readUInt16LE(p + 28);
    const extraLength = central.readUInt16LE(p + 30);
    const commentLength = central.readUInt16LE(p + 32);
    const end = p + 46 + nameLength + extraLength + commentLength;
    if (end > central.length) throw new ZipError('bad central header');
    if (flags & 0x0001) throw new ZipError('encrypted', 'unsupported');
    const rawName = central.subarray(p + 46, p + 46 + nameLength);
    // Names we look up are ASCII, so a name in another legacy code page simply never matches.
    const name = (flags & UTF8_NAMES ? rawName.toString('utf8') : rawName.toString('latin1')).replace(
      /\\/g,
      '/',
    );
    const entry: ZipEntry = {
      name,
      method,
      crc: central.readUInt32LE(p + 16),
      compressedSize: central.readUInt32LE(p + 20),
      size: central.readUInt32LE(p + 24),
      localHeaderOffset: central.readUInt32LE(p + 42),
      directory: name.endsWith('/'),
    };
    if (entry.compressedSize === MAX32 || entry.size === MAX32 || entry.localHeaderOffset === MAX32)
      throw new ZipError('zip64', 'unsupported');
    entries.push(entry);
    p = end;
  }
  return entries;
}

/**
 * One entry's bytes, checked against its size and CRC. An entry larger than `maxBytes` (as declared, or as it
 * inflates) is refused with reason `too-large` without inflating past the limit.
 */
export async function readZipEntry(source: ZipSource, entry: ZipEntry, maxBytes: number): Promise<Buffer> {
  if (entry.size > maxBytes) throw new ZipError('entry too large', 'too-large');
  if (entry.method !== STORE && entry.method !== DEFLATE) throw new ZipError('method', 'unsupported');
  // Deflate never grows data by more than a few bytes per 16 KB block.
  if (entry.compressedSize > maxBytes + (maxBytes >> 6) + 1024)
    throw new ZipError('entry too large', 'too-large');
  const local = await source.read(entry.localHeaderOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipError('bad local header');
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > source.size) throw new ZipError('entry out of range');
  const stored = await source.read(start, entry.compressedSize);
  let data: Buffer;
  if (entry.method === STORE) {
    if (entry.compressedSize !== entry.size) throw new ZipError('stored size mismatch');
    data = stored;
  } else {
    try {
      data = await inflateRaw(stored, { maxOutputLength: Math.max(1, maxBytes) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new ZipError('entry too large', 'too-large');
      throw new ZipError('inflate failed');
    }
  }
  if (data.length !== entry.size || zlib.crc32(data) !== entry.crc) throw new ZipError('crc mismatch');
  return data;
}
