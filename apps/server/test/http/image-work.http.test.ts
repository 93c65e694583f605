import http from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ko,
  LIMITS,
  type ClothesAnalysisDto,
  type ClothesDto,
  type ClothesImportResultDto,
  type ErrorBody,
} from '@otboo/contract';
import { observeImageWork, type ImageWorkEvent } from '../../src/lib/images.js';
import { zipStream, type ZipInputEntry } from '../../src/lib/zip-writer.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { reviewPng } from '../support/review-png.js';
import { startServer, type TestServer } from '../support/start-server.js';

async function zip(entries: ZipInputEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of zipStream(entries, new Date())) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const csvOf = (rows: string[][]) =>
  Buffer.from([['name', 'type', 'photo'], ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n');

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit grey PNG of `side`×`side` pixels in a few kilobytes: costly only once decoded. */
function cheapLargePng(side: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc((1 + Math.ceil(side / 8)) * side))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A stored file no row names: makes an archive `bytes` larger. */
const padding = (bytes: number) => ({ name: 'padding.bin', data: Buffer.alloc(bytes, 0x55) });

const smallPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 40, b: 90 } } })
    .png()
    .toBuffer();

/**
 * An import whose body is sent in two halves: the server admits it and starts reading, and it stays in flight
 * until `finish()` sends the rest.
 */
function heldImport(server: TestServer, user: TestUser, archive: Buffer) {
  const boundary = `otboo${Date.now().toString(36)}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="closet.zip"\r\n` +
      `content-type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(`${server.url}/api/clothes/import`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + archive.length + tail.length,
    },
  });
  const answer = new Promise<{ status: number; body: ClothesImportResultDto }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
  });
  const half = Math.floor(archive.length / 2);
  request.write(Buffer.concat([head, archive.subarray(0, half)]));
  return {
    finish() {
      request.end(Buffer.concat([archive.subarray(half), tail]));
      return answer;
    },
  };
}

/**
 * Sends `probe` until it answers `status` (the held request is admitted by then); at most 5 s. The held request
 * gets a head start, so a probe admitted first never turns it away.
 */
async function until<T extends { status: number }>(status: number, probe: () => Promise<T>): Promise<T> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await probe();
    if (res.status === status || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('image work: decoded once, budgeted, fair between users; one import per user', () => {
  let server: TestServer;
  let client: HttpClient;
  let heavy: Buffer;
  const events: (ImageWorkEvent & { at: number })[] = [];
  let stopObserving: () => void;

  const importInto = (user: TestUser, data: Buffer, extra?: [string, Buffer]) => {
    const form = new FormData();
    form.append('file', new Blob([data]), 'closet.zip');
    if (extra) form.append(extra[0], new Blob([extra[1]]));
    return client.post<ClothesImportResultDto & ErrorBody>('/api/clothes/import', {
      token: user.accessToken,
      form,
    });
  };
  const analyse = (user: TestUser, data: Buffer) => {
    const form = new FormData();
    form.append('image', new Blob([data], { type: 'image/png' }), 'photo.png');
    return client.post<ClothesAnalysisDto & ErrorBody>('/api/clothes/analyses', {
      token: user.accessToken,
      form,
    });
  };
  const closetOf = async (user: TestUser) =>
    (
      await client.get<{ data: ClothesDto[] }>('/api/clothes', {
        token: user.accessToken,
        query: { ownerId: user.id, limit: 100 },
      })
    ).body.data;
  const storedPhotos = async () =>
    (await readdir(path.join(server.dataDir, 'uploads', 'clothes')).catch(() => [])).length;

  beforeAll(async () => {
    // Two decode slots, as on the 2-core machine the review ran on, whatever this machine has.
    server = await startServer({ env: { IMAGE_MEMORY_MB: '800' } });
    client = httpClient(server.url);
    heavy = await reviewPng();
    stopObserving = observeImageWork((e) => events.push({ ...e, at: performance.now() }));
  });
  afterAll(async () => {
    stopObserving?.();
    await server?.close();
  });

  it('decodes a photo once however many rows of an import use it; each garment still gets its own files', async () => {
    const user = await createUser(server, { prefix: 'sixrows' });
    const archive = await zip([
      { name: 'photos/p.png', data: heavy },
      {
        name: 'clothes.csv',
        data: csvOf(
          Array.from({ length: 6 }, (_, i) => [
            `셔츠 ${i}`,
            'TOP',
            i % 2 ? 'photos/p.png' : './photos/p.png',
          ]),
        ),
        compress: true,
      },
    ]);
    expect(archive.length).toBeLessThan(1 << 20);
    const from = events.length;
    const res = await importInto(user, archive);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 6, errors: [] });
    const decoded = events
      .slice(from)
      .filter((e) => e.type === 'decoded' && e.owner === user.id && e.width === 7000);
    expect(decoded).toHaveLength(1);
    const closet = await closetOf(user);
    expect(new Set(closet.map((c) => c.imageUrl)).size).toBe(6);
    expect(new Set(closet.map((c) => c.thumbnailUrl)).size).toBe(6);
  });

  it('refuses an import past its pixel budget or its photo rows with a Korean 413 before decoding or storing anything', async () => {
    const user = await createUser(server, { prefix: 'budget' });
    const before = await storedPhotos();
    const from = events.length;
    // 164 distinct photos of 7000×7000 (49 megapixels each, 8.04 billion together) in about a megabyte.
    const large = cheapLargePng(7000);
    const count = Math.floor(LIMITS.clothesImportMaxPixels / 49_000_000) + 1;
    const tooManyPixels = await importInto(
      user,
      await zip([
        ...Array.from({ length: count }, (_, i) => ({ name: `photos/${i}.png`, data: large })),
        {
          name: 'clothes.csv',
          data: csvOf(Array.from({ length: count }, (_, i) => [`셔츠 ${i}`, 'TOP', `photos/${i}.png`])),
          compress: true,
        },
      ]),
    );
    expect(tooManyPixels.status).toBe(413);
    expect(tooManyPixels.body).toMatchObject({
      exceptionName: 'PayloadTooLargeException',
      message: ko.clothes.transfer.tooManyPixels(LIMITS.clothesImportMaxPixels),
    });
    expect(tooManyPixels.body.message).toContain('80억 화소');

    // One small photo named by more rows than the budget allows.
    const rows = LIMITS.clothesImportMaxPhotoRows + 1;
    const tooManyRows = await importInto(
      user,
      await zip([
        { name: 'photos/p.png', data: await smallPng() },
        {
          name: 'clothes.csv',
          data: csvOf(Array.from({ length: rows }, (_, i) => [`셔츠 ${i}`, 'TOP', 'photos/p.png'])),
          compress: true,
        },
      ]),
    );
    expect(tooManyRows.status).toBe(413);
    expect(tooManyRows.body.message).toBe(
      ko.clothes.transfer.tooManyPhotoRows(LIMITS.clothesImportMaxPhotoRows),
    );
    expect(events.slice(from).filter((e) => e.type === 'decoded' && e.owner === user.id)).toEqual([]);
    expect(await closetOf(user)).toEqual([]);
    expect(await storedPhotos()).toBe(before);
  });

  it('answers a second import of the same user 429 with Retry-After while the first is in flight', async () => {
    const user = await createUser(server, { prefix: 'twice' });
    const other = await createUser(server, { prefix: 'otherimport' });
    const entries = [
      { name: 'photos/p.png', data: await smallPng() },
      { name: 'clothes.csv', data: csvOf([['첫 셔츠', 'TOP', 'photos/p.png']]), compress: true },
    ];
    const archive = await zip(entries);
    // A big first half, so the server is reading it while the rest waits.
    const first = heldImport(server, user, await zip([...entries, padding(256 * 1024)]));
    // A second import (without a file: harmless if it were admitted) until the first is in flight.
    const second = await until(429, () =>
      client.post<ErrorBody>('/api/clothes/import', { token: user.accessToken, form: new FormData() }),
    );
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('10');
    expect(second.body).toEqual({
      exceptionName: 'ImportInProgressException',
      message: ko.clothes.transfer.inProgress,
      details: {},
    });
    const refused = await importInto(
      user,
      await zip([{ name: 'clothes.csv', data: csvOf([['둘째', 'TOP', '']]) }]),
    );
    expect(refused.status).toBe(429);
    // Another user imports meanwhile.
    expect((await importInto(other, archive)).body).toEqual({ created: 1, errors: [] });

    const done = await first.finish();
    expect(done).toEqual({ status: 200, body: { created: 1, errors: [] } });
    expect((await closetOf(user)).map((c) => c.name)).toEqual(['첫 셔츠']);
    // Released: the next one is admitted.
    expect((await importInto(user, archive)).status).toBe(200);
  });

  it("serves another user's analysis at the first free decode slot while one user floods; past their share that user gets 429", async () => {
    const flooder = await createUser(server, { prefix: 'flooder' });
    const other = await createUser(server, { prefix: 'patient' });
    const small = await smallPng();
    const from = events.length;
    const flood = Array.from({ length: 6 }, () => analyse(flooder, heavy));
    // The flooder's admitted four are queued (two decoding, two waiting) before the other user asks.
    const deadline = Date.now() + 20_000;
    while (
      events.slice(from).filter((e) => e.type === 'queued' && e.owner === flooder.id).length < 4 &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = performance.now();
    const mine = await analyse(other, small);
    const waited = performance.now() - asked;
    expect(mine.status).toBe(200);
    const answers = await Promise.all(flood);

    expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([200, 200, 200, 200, 429, 429]);
    for (const busy of answers.filter((a) => a.status === 429)) {
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(busy.body).toMatchObject({
        exceptionName: 'AnalysisBusyException',
        message: ko.clothes.analysis.busy,
      });
    }
    // Between the other user's turn being asked for and taken, none of the flooder's waiting jobs started.
    const seen = events.slice(from);
    const queued = seen.findIndex((e) => e.type === 'queued' && e.owner === other.id);
    const started = seen.findIndex((e) => e.type === 'started' && e.owner === other.id);
    expect(queued).toBeGreaterThanOrEqual(0);
    expect(seen.slice(queued, started).filter((e) => e.type === 'started' && e.owner === flooder.id)).toEqual(
      [],
    );
    // So the other user waited for at most one of the flooder's decodes (plus their own short one and the HTTP).
    const decodeMs = seen
      .filter((e) => e.type === 'started' && e.owner === flooder.id)
      .map(
        (s) => seen.find((e) => e.type === 'finished' && e.owner === flooder.id && e.at >= s.at)!.at - s.at,
      );
    expect(waited).toBeLessThan(Math.max(...decodeMs) + 1_000);
  });
});

describe('closet import: temporary disk of the imports in flight', () => {
  let server: TestServer;
  let client: HttpClient;

  beforeAll(async () => {
    server = await startServer({ env: { IMAGE_MEMORY_MB: '800', IMPORT_TEMP_DISK_MB: '1' } });
    client = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 with Retry-After when the imports in flight would pass the cap, and admits again once they end', async () => {
    const [first, second] = await Promise.all([
      createUser(server, { prefix: 'diskone' }),
      createUser(server, { prefix: 'disktwo' }),
    ]);
    const entries = [
      { name: 'photos/p.png', data: await smallPng() },
      { name: 'clothes.csv', data: csvOf([['셔츠', 'TOP', 'photos/p.png']]), compress: true },
    ];
    const archive = await zip(entries);
    const held = heldImport(server, first, await zip([...entries, padding(600 * 1024)]));
    // 600 KB more would pass 1 MB; a body of junk is refused harmlessly (400) if it is admitted before.
    const probe = () => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.alloc(600 * 1024, 0x20)]), 'junk.csv');
      return client.post<ErrorBody>('/api/clothes/import', { token: second.accessToken, form });
    };
    const busy = await until(503, probe);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('30');
    expect(busy.body).toEqual({
      exceptionName: 'ImportBusyException',
      message: ko.clothes.transfer.busy,
      details: {},
    });
    expect((await held.finish()).body).toEqual({ created: 1, errors: [] });
    const form = new FormData();
    form.append('file', new Blob([archive]), 'closet.zip');
    const after = await client.post<ClothesImportResultDto>('/api/clothes/import', {
      token: second.accessToken,
      form,
    });
    expect(after.body).toEqual({ created: 1, errors: [] });
  });
});
