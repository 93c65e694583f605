import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipInputEntry {
  /** Path inside the archive, `/`-separated (e.g. `photos/<id>.webp`). */
  name: string;
  /** The entry's bytes: a buffer (small text), or a stream read once it is the entry's turn (a photo). */
  data: Buffer | Readable;
  /** Deflate the entry (worth it for text; photos are already compressed and stored as they are). */
  compress?: boolean;
}

/**
 * A ZIP archive (yazl: UTF-8 names, ZIP64 records once an archive passes 4 GB or 65,535 entries) of `entries`,
 * taken one at a time: the next entry is asked for only once the previous stream has been read into the archive,
 * and the archive is read only as fast as its consumer reads it, so one photo at a time is in flight whatever the
 * closet's size. A consumer that goes away ends the stream being read; a failing entry or stream ends the archive
 * with that error (an HTTP answer is then cut short).
 */
export function zipStream(
  entries: AsyncIterable<ZipInputEntry> | Iterable<ZipInputEntry>,
  mtime: Date,
): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its typings say only ReadableStream): destroyable, so errors can end it.
  const out = zip.outputStream as Readable;
  zip.on('error', (err: Error) => out.destroy(err));
  const feed = async () => {
    for await (const entry of entries) {
      if (out.destroyed) {
        // The reader went away while this entry was being fetched: let its stream go too.
        if (!Buffer.isBuffer(entry.data)) entry.data.destroy();
        return;
      }
      const options = { mtime, compress: entry.compress ?? false, mode: 0o100644 };
      if (Buffer.isBuffer(entry.data)) {
        zip.addBuffer(entry.data, entry.name, options);
        continue;
      }
      const data = entry.data;
      const abandon = () => data.destroy();
      out.once('close', abandon);
      zip.addReadStream(data, entry.name, options);
      try {
        await finished(data);
      } finally {
        out.off('close', abandon);
      }
    }
    zip.end();
  };
  feed().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
