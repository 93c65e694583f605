import zlib from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** A ZIP that cannot be read (broken, encrypted, unsafe names), or one that asks for more than the caller allows. */
export class ZipError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid' | 'too-large' = 'invalid',
  ) {
    super(message);
  }
}

export interface ZipEntry {
  /** Path inside the archive, `/`-separated (backslashes turned into slashes). */
  name: string;
  /** Size as the central directory declares it (yauzl holds the data to it). */
  size: number;
  entry: Entry;
}

export interface ZipReader {
  /** The archive's files (directory entries left out). */
  files: ZipEntry[];
  /**
   * One file's bytes, checked against its declared size and CRC. A file declared larger than `maxBytes` is
   * refused with reason `too-large` before anything is inflated; one that inflates past its declared size is
   * stopped there by yauzl (zip bombs), so memory stays bounded whatever the archive claims.
   */
  read(file: ZipEntry, maxBytes: number): Promise<Buffer>;
  close(): void;
}

const LOCAL_HEADER = 0x04034b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/** True when `head` starts like a ZIP archive (an entry, or the end record of an empty one). */
export function looksLikeZip(head: Buffer): boolean {
  if (head.length < 4) return false;
  const signature = head.readUInt32LE(0);
  return signature === LOCAL_HEADER || signature === END_OF_CENTRAL_DIRECTORY;
}

async function readAll(zipfile: ZipFile, file: ZipEntry, maxBytes: number): Promise<Buffer> {
  if (file.size > maxBytes) throw new ZipError('entry too large', 'too-large');
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await zipfile.openReadStreamPromise(file.entry)) chunks.push(chunk as Buffer);
  } catch {
    // Unsupported methods, broken deflate data, and data longer or shorter than declared.
    throw new ZipError('unreadable entry');
  }
  const data = Buffer.concat(chunks);
  // yauzl leaves the CRC to its caller.
  if (zlib.crc32(data) !== file.entry.crc32) throw new ZipError('crc mismatch');
  return data;
}

/**
 * Opens the ZIP at `path` (yauzl: the central directory, never a scan of local headers) and lists its files.
 * More than `maxEntries` entries is refused (`too-large`) before any is read; an encrypted entry, or a name that
 * is absolute or climbs out with `..` (yauzl's file name check), makes the whole archive unreadable.
 */
export async function openZip(path: string, maxEntries: number): Promise<ZipReader> {
  let zipfile: ZipFile;
  try {
    zipfile = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch {
    throw new ZipError('not a readable zip');
  }
  try {
    if (zipfile.entryCount > maxEntries) throw new ZipError('too many entries', 'too-large');
    const files: ZipEntry[] = [];
    try {
      for await (const entry of zipfile.eachEntry()) {
        if (entry.isEncrypted()) throw new ZipError('encrypted');
        if (!entry.fileName.endsWith('/'))
          files.push({ name: entry.fileName, size: entry.uncompressedSize, entry });
      }
    } catch (err) {
      throw err instanceof ZipError ? err : new ZipError('bad central directory');
    }
    return {
      files,
      read: (file, maxBytes) => readAll(zipfile, file, maxBytes),
      close: () => zipfile.close(),
    };
  } catch (err) {
    zipfile.close();
    throw err;
  }
}
