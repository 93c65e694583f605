import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { zipStream, type ZipInputEntry } from './zip-writer.js';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('zipStream', () => {
  it('writes buffers and streams, stored or deflated, that another reader reads back byte for byte', async () => {
    const photo = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) & 0xff));
    const csv = Buffer.from('\uFEFFid,name\r\n1,네이비 코트\r\n'.repeat(200));
    const archive = await collect(
      zipStream(
        [
          { name: 'photos/a.webp', data: Readable.from([photo.subarray(0, 1000), photo.subarray(1000)]) },
          { name: 'clothes.csv', data: csv, compress: true },
          { name: 'empty.json', data: Buffer.alloc(0), compress: true },
        ],
        new Date('2026-11-21T03:04:06Z'),
      ),
    );
    const zipfile = await yauzl.fromBufferPromise(archive, { lazyEntries: true });
    const read: [string, number, Buffer][] = [];
    for await (const entry of zipfile.eachEntry()) {
      const data = await collect(await zipfile.openReadStreamPromise(entry));
      read.push([entry.fileName, entry.compressionMethod, data]);
    }
    expect(read.map(([name, method]) => [name, method])).toEqual([
      ['photos/a.webp', 0],
      ['clothes.csv', 8],
      ['empty.json', 8],
    ]);
    expect(read[0]?.[2].equals(photo)).toBe(true);
    expect(read[1]?.[2].equals(csv)).toBe(true);
    expect(read[2]?.[2].length).toBe(0);
    expect(archive.length).toBeLessThan(photo.length + csv.length);
  });

  it('asks for the next entry only once the previous stream is in the archive, and as fast as it is read', async () => {
    const asked: string[] = [];
    const bodies: Readable[] = [];
    async function* entries(): AsyncGenerator<ZipInputEntry> {
      for (const name of ['a', 'b', 'c']) {
        asked.push(name);
        // 2 MB in 32 KB chunks: far more than the buffers between the photo and the reader hold.
        const body = Readable.from(Array.from({ length: 64 }, () => Buffer.alloc(32 << 10, name)));
        bodies.push(body);
        yield { name, data: body };
      }
    }
    const archive = zipStream(entries(), new Date());
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Nobody reads: the first photo is opened, the others are not even asked for.
    expect(asked).toEqual(['a']);

    // The reader goes away: the photo being read is let go, and no other is opened.
    archive.destroy();
    await finished(bodies[0] as Readable).catch(() => undefined);
    expect(bodies[0]?.destroyed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual(['a']);
  });

  it('lets go of an entry fetched after the reader went away', async () => {
    let release = () => {};
    const fetched = new Promise<void>((resolve) => (release = resolve));
    const late = Readable.from([Buffer.from('late')]);
    async function* entries(): AsyncGenerator<ZipInputEntry> {
      await fetched;
      yield { name: 'late', data: late };
    }
    const archive = zipStream(entries(), new Date());
    archive.destroy();
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(late.destroyed).toBe(true);
  });

  it('ends the archive with the error of a failing entry', async () => {
    async function* entries(): AsyncGenerator<ZipInputEntry> {
      yield { name: 'a', data: Buffer.from('a') };
      throw new Error('storage down');
    }
    await expect(collect(zipStream(entries(), new Date()))).rejects.toThrow('storage down');
    const broken = new Readable({
      read() {
        this.destroy(new Error('read failed'));
      },
    });
    await expect(collect(zipStream([{ name: 'b', data: broken }], new Date()))).rejects.toThrow();
  });
});
