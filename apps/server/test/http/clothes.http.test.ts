import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type AttributeDefDto, type ClothesDto, type CursorPage, type ErrorBody } from '@otboo/contract';
import { feedClothes, feeds, weatherForecasts } from '../../src/db/schema/index.js';
import { createAttributeDefsRepo } from '../../src/domains/clothes/attribute-defs.repo.js';
import { createClothesRepo } from '../../src/domains/clothes/clothes.repo.js';
import { createClothesService } from '../../src/domains/clothes/clothes.service.js';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

const MB = 1024 * 1024;

/** A real JPEG with camera EXIF and a GPS position, as phones write them. */
function jpegWithGps(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'OtbooCam', Model: 'GPS-Test-1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 40/1',
      },
    })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A decompression bomb: a few kilobytes declaring 100000×100000 pixels. */
function pngBomb(width = 100_000, height = 100_000) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const idat = zlib.deflateSync(Buffer.alloc(rowBytes * 200));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Streams a multipart upload with an `image` part of `size` bytes over raw HTTP; resolves with the answer. */
function uploadHuge(
  url: string,
  token: string,
  json: unknown,
  size: number,
): Promise<{ status: number; body: any }> {
  const boundary = `----otboo${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(json)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      `${url}/api/clothes`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
          }),
        );
        res.on('error', reject);
      },
    );
    // The server answers 413 and may close before the whole body is sent: that is the expected outcome.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.write(head);
    const chunk = Buffer.alloc(MB, 0xab);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
          return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

describe('clothes', () => {
  let server: TestServer;
  let http: HttpClient;
  let owner: TestUser;
  let other: TestUser;
  let defs: Map<string, AttributeDefDto>;

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    owner = await createUser(server, { prefix: 'closet' });
    other = await createUser(server, { prefix: 'stranger' });
    const list = await http.get<AttributeDefDto[]>('/api/clothes/attribute-defs', {
      token: owner.accessToken,
    });
    defs = new Map(list.body.map((d) => [d.name, d]));
  });
  afterAll(async () => {
    await server?.close();
  });

  const def = (name: string) => defs.get(name)!;
  const createClothes = (
    user: TestUser,
    body: Record<string, unknown>,
    image?: { data: Buffer; type?: string; name?: string },
  ) =>
    http.post<ClothesDto & ErrorBody>('/api/clothes', {
      token: user.accessToken,
      form: multipartRequest(
        { ownerId: user.id, name: '기본 티셔츠', type: 'TOP', ...body },
        image
          ? { data: image.data, type: image.type ?? 'image/jpeg', name: image.name ?? 'photo.jpg' }
          : undefined,
      ),
    });
  const patchClothes = (user: TestUser, id: string, body: unknown, image?: { data: Buffer; type?: string }) =>
    http.patch<ClothesDto & ErrorBody>(`/api/clothes/${id}`, {
      token: user.accessToken,
      form: multipartRequest(
        body,
        image ? { data: image.data, type: image.type ?? 'image/jpeg', name: 'photo.jpg' } : undefined,
      ),
    });
  const listOf = (user: TestUser, query: Record<string, string | number | undefined>) =>
    http.get<CursorPage<ClothesDto> & ErrorBody>('/api/clothes', { token: user.accessToken, query });
  const fileOf = (url: string) => path.join(server.dataDir, 'uploads', url.replace(/^\/files\//, ''));

  describe('access and ownership', () => {
    it('answers 401 without a token', async () => {
      expect((await http.get('/api/clothes', { query: { ownerId: owner.id } })).status).toBe(401);
      expect(
        (
          await http.post('/api/clothes', {
            form: multipartRequest({ ownerId: owner.id, name: 'x', type: 'TOP' }),
          })
        ).status,
      ).toBe(401);
      expect(
        (await http.patch(`/api/clothes/${randomUUID()}`, { form: multipartRequest({ name: 'x' }) })).status,
      ).toBe(401);
      expect((await http.delete(`/api/clothes/${randomUUID()}`)).status).toBe(401);
    });

    it('refuses a forged ownerId (403) and lets only the owner edit or delete (403), unknown ids 404', async () => {
      const forged = await http.post('/api/clothes', {
        token: other.accessToken,
        form: multipartRequest({ ownerId: owner.id, name: '남의 옷장에 넣기', type: 'TOP' }),
      });
      expect(forged.status).toBe(403);
      expect(forged.body).toMatchObject({
        exceptionName: 'ClothesForbiddenException',
        message: ko.clothes.ownerMismatch,
      });

      const mine = (await createClothes(owner, { name: '내 셔츠' })).body;
      const edit = await patchClothes(other, mine.id, { name: '뺏은 셔츠' });
      expect(edit.status).toBe(403);
      expect(edit.body.message).toBe(ko.clothes.notOwner);
      const del = await http.delete(`/api/clothes/${mine.id}`, { token: other.accessToken });
      expect(del.status).toBe(403);
      // Unchanged.
      const page = await listOf(owner, { ownerId: owner.id, keywordLike: '내 셔츠' });
      expect(page.body.data.map((c) => c.name)).toEqual(['내 셔츠']);

      const missing = await patchClothes(owner, randomUUID(), { name: 'x' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(ko.clothes.notFound);
      expect((await http.delete(`/api/clothes/${randomUUID()}`, { token: owner.accessToken })).status).toBe(
        404,
      );
      expect((await http.delete('/api/clothes/not-a-uuid', { token: owner.accessToken })).status).toBe(400);
      expect((await patchClothes(owner, 'not-a-uuid', { name: 'x' })).status).toBe(400);
    });

    it("lets any signed-in user read anyone's closet (profiles show it)", async () => {
      await createClothes(owner, { name: '공개 코트', type: 'OUTER' });
      const res = await listOf(other, { ownerId: owner.id, keywordLike: '공개 코트' });
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect((await listOf(other, { ownerId: randomUUID() })).body).toMatchObject({
        data: [],
        totalCount: 0,
        hasNext: false,
      });
    });
  });

  describe('create and validate', () => {
    it('creates a garment without an image (201) with only non-blank attribute values, stored in the option spelling', async () => {
      const res = await createClothes(owner, {
        name: '  린넨 셔츠  ',
        type: 'TOP',
        attributes: [
          { definitionId: def('색상').id, value: ' 화이트 ' },
          { definitionId: def('계절').id, value: '' },
          { definitionId: def('두께').id, value: null },
          { definitionId: def('소재').id },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.any(String),
        ownerId: owner.id,
        name: '린넨 셔츠',
        type: 'TOP',
        imageUrl: null,
        thumbnailUrl: null,
        attributes: [
          {
            definitionId: def('색상').id,
            definitionName: '색상',
            selectableValues: def('색상').selectableValues,
            value: '화이트',
          },
        ],
      });
      expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    });

    const long = (n: number) => 'x'.repeat(n);
    it.each([
      [
        'a value outside the options',
        { attributes: [{ definitionId: 'DEF:색상', value: '형광' }] },
        ko.clothes.attributeValueInvalid,
      ],
      [
        'an unknown definition',
        { attributes: [{ definitionId: randomUUID(), value: '블랙' }] },
        ko.clothes.attributeUnknown,
      ],
      [
        'an unknown definition with a blank value',
        { attributes: [{ definitionId: randomUUID(), value: '' }] },
        ko.clothes.attributeUnknown,
      ],
      [
        'one definition twice',
        {
          attributes: [
            { definitionId: 'DEF:색상', value: '블랙' },
            { definitionId: 'DEF:색상', value: '화이트' },
          ],
        },
        ko.clothes.attributeDuplicated,
      ],
      [
        'a malformed definition id',
        { attributes: [{ definitionId: 'not-a-uuid', value: '블랙' }] },
        ko.common.invalidId,
      ],
      ['a huge value', { attributes: [{ definitionId: 'DEF:색상', value: long(51) }] }, undefined],
      ['attributes of the wrong type', { attributes: 'black' }, undefined],
      [
        'too many attributes',
        { attributes: Array.from({ length: 31 }, () => ({ definitionId: randomUUID(), value: 'a' })) },
        undefined,
      ],
      ['a blank name', { name: '   ' }, ko.clothes.nameRequired],
      ['an empty name', { name: '' }, ko.clothes.nameRequired],
      ['no name', { name: 'DELETE' }, ko.clothes.nameRequired],
      ['a numeric name', { name: 42 }, ko.clothes.nameRequired],
      ['a name of 101 characters', { name: long(101) }, ko.validation.textTooLong],
      ['a name of 60,000 characters', { name: long(60_000) }, undefined],
      ['an unknown type', { type: 'JACKET' }, ko.clothes.typeRequired],
      ['no type', { type: 'DELETE' }, ko.clothes.typeRequired],
      ['a malformed ownerId', { ownerId: 'me' }, ko.common.invalidId],
      ['no ownerId', { ownerId: 'DELETE' }, undefined],
    ])('answers %s with 400', async (_label, body, message) => {
      const resolved = JSON.parse(
        JSON.stringify(body).replace(/DEF:([^"]+)/g, (_, name: string) => def(name).id),
      ) as Record<string, unknown>;
      const payload: Record<string, unknown> = {
        ownerId: owner.id,
        name: '기본 티셔츠',
        type: 'TOP',
        ...resolved,
      };
      for (const [k, v] of Object.entries(payload)) if (v === 'DELETE') delete payload[k];
      const res = await http.post('/api/clothes', {
        token: owner.accessToken,
        form: multipartRequest(payload),
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        exceptionName: expect.any(String),
        message: expect.any(String),
        details: expect.any(Object),
      });
      if (message) expect(res.body.message).toBe(message);
    });

    it('answers a missing or broken request part with 400 and a JSON body with 415', async () => {
      const noPart = new FormData();
      noPart.append('other', 'x');
      expect((await http.post('/api/clothes', { token: owner.accessToken, form: noPart })).status).toBe(400);
      const broken = new FormData();
      broken.append('request', new Blob(['{"ownerId":'], { type: 'application/json' }));
      const res = await http.post('/api/clothes', { token: owner.accessToken, form: broken });
      expect(res.status).toBe(400);
      expect(res.body.details).toHaveProperty('request');
      const json = await http.post('/api/clothes', {
        token: owner.accessToken,
        json: { ownerId: owner.id, name: 'x', type: 'TOP' },
      });
      expect(json.status).toBe(415);
    });
  });

  describe('list', () => {
    let lister: TestUser;
    const made: ClothesDto[] = [];
    beforeAll(async () => {
      lister = await createUser(server, { prefix: 'lister' });
      const items: [string, string][] = [
        ['블랙 울 코트', 'OUTER'],
        ['네이비 니트', 'TOP'],
        ['100% 코튼 티', 'TOP'],
        ['와이드_슬랙스', 'BOTTOM'],
        ['Denim JACKET', 'OUTER'],
        ['흰 운동화', 'SHOES'],
        ['코트 안감 조끼', 'OUTER'],
      ];
      for (const [name, type] of items) made.push((await createClothes(lister, { name, type })).body);
    });

    it('pages newest first with cursors and an exact totalCount', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let idAfter: string | undefined;
      for (let i = 0; i < 4; i++) {
        const page = await listOf(owner, { ownerId: lister.id, limit: 3, cursor, idAfter });
        expect(page.status).toBe(200);
        expect(page.body.totalCount).toBe(7);
        expect(page.body.sortBy).toBe('createdAt');
        expect(page.body.sortDirection).toBe('DESCENDING');
        seen.push(...page.body.data.map((c) => c.id));
        if (!page.body.hasNext) {
          expect(page.body.nextCursor).toBeNull();
          expect(page.body.nextIdAfter).toBeNull();
          break;
        }
        cursor = page.body.nextCursor!;
        idAfter = page.body.nextIdAfter!;
        expect(idAfter).toBe(page.body.data.at(-1)!.id);
      }
      expect(seen).toEqual([...made].reverse().map((c) => c.id));
      // A cursor past the last garment: an empty page that still counts the closet.
      const oldest = made[0]!;
      const beyond = await listOf(owner, {
        ownerId: lister.id,
        cursor: oldest.createdAt,
        idAfter: oldest.id,
      });
      expect(beyond.body).toMatchObject({ data: [], totalCount: 7, hasNext: false, nextCursor: null });
    });

    it('filters by type and by a case-insensitive, literal keyword', async () => {
      const outers = await listOf(owner, { ownerId: lister.id, typeEqual: 'OUTER' });
      expect(outers.body.data.map((c) => c.name)).toEqual(['코트 안감 조끼', 'Denim JACKET', '블랙 울 코트']);
      expect(outers.body.totalCount).toBe(3);
      expect(
        (await listOf(owner, { ownerId: lister.id, keywordLike: '코트' })).body.data.map((c) => c.name),
      ).toEqual(['코트 안감 조끼', '블랙 울 코트']);
      expect(
        (await listOf(owner, { ownerId: lister.id, keywordLike: 'jacket' })).body.data.map((c) => c.name),
      ).toEqual(['Denim JACKET']);
      expect(
        (await listOf(owner, { ownerId: lister.id, keywordLike: '%' })).body.data.map((c) => c.name),
      ).toEqual(['100% 코튼 티']);
      expect(
        (await listOf(owner, { ownerId: lister.id, keywordLike: '_' })).body.data.map((c) => c.name),
      ).toEqual(['와이드_슬랙스']);
      const both = await listOf(owner, {
        ownerId: lister.id,
        keywordLike: '코트',
        typeEqual: 'OUTER',
        limit: 1,
      });
      expect(both.body).toMatchObject({ totalCount: 2, hasNext: true });
      // The course frontend sends sortBy/sortDirection and empty filters; the closet stays newest first.
      const frontend = await listOf(owner, {
        ownerId: lister.id,
        sortBy: 'name',
        sortDirection: 'ASCENDING',
        keywordLike: '',
        typeEqual: '',
      });
      expect(frontend.body.data.map((c) => c.id)).toEqual([...made].reverse().map((c) => c.id));
    });

    it.each([
      [{}],
      [{ ownerId: 'nope' }],
      [{ ownerId: 'OWNER', typeEqual: 'CAPE' }],
      [{ ownerId: 'OWNER', limit: 0 }],
      [{ ownerId: 'OWNER', limit: 101 }],
      [{ ownerId: 'OWNER', limit: 'ten' }],
      [{ ownerId: 'OWNER', cursor: 'yesterday' }],
      [{ ownerId: 'OWNER', cursor: '2026-13-45T99:00:00Z' }],
      [{ ownerId: 'OWNER', cursor: new Date().toISOString(), idAfter: 'x' }],
      [{ ownerId: 'OWNER', keywordLike: 'x'.repeat(101) }],
    ])('answers bad query %j with 400', async (query) => {
      const resolved = Object.fromEntries(
        Object.entries(query).map(([k, v]) => [k, v === 'OWNER' ? lister.id : v]),
      ) as Record<string, string>;
      const res = await listOf(owner, resolved);
      expect(res.status).toBe(400);
      expect(res.body.exceptionName).toBeTruthy();
    });
  });

  describe('update and delete', () => {
    it('changes name and type, replaces the attribute set, keeps what is not sent', async () => {
      const created = (
        await createClothes(owner, {
          name: '수정 전',
          type: 'TOP',
          attributes: [
            { definitionId: def('색상').id, value: '블랙' },
            { definitionId: def('두께').id, value: '보통' },
          ],
        })
      ).body;
      const renamed = await patchClothes(owner, created.id, { name: '수정 후' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        id: created.id,
        name: '수정 후',
        type: 'TOP',
        createdAt: created.createdAt,
      });
      expect(renamed.body.attributes.map((a) => a.value).sort()).toEqual(['보통', '블랙']);

      const replaced = await patchClothes(owner, created.id, {
        type: 'OUTER',
        attributes: [
          { definitionId: def('계절').id, value: '겨울' },
          { definitionId: def('색상').id, value: '  ' },
        ],
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.type).toBe('OUTER');
      expect(replaced.body.attributes).toEqual([
        {
          definitionId: def('계절').id,
          definitionName: '계절',
          selectableValues: def('계절').selectableValues,
          value: '겨울',
        },
      ]);

      const cleared = await patchClothes(owner, created.id, { attributes: [] });
      expect(cleared.body).toMatchObject({ attributes: [] });
      for (const [body, message] of [
        [{ name: '' }, ko.clothes.nameRequired],
        [{ type: 'ROBE' }, ko.clothes.typeRequired],
        [{ attributes: [{ definitionId: def('계절').id, value: '장마' }] }, ko.clothes.attributeValueInvalid],
      ] as const) {
        const res = await patchClothes(owner, created.id, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });

    it('deletes (204), then the garment is gone (404)', async () => {
      const created = (await createClothes(owner, { name: '버릴 옷' })).body;
      const res = await http.delete(`/api/clothes/${created.id}`, { token: owner.accessToken });
      expect(res.status).toBe(204);
      expect((await http.delete(`/api/clothes/${created.id}`, { token: owner.accessToken })).status).toBe(
        404,
      );
      expect((await listOf(owner, { ownerId: owner.id, keywordLike: '버릴 옷' })).body.data).toEqual([]);
    });
  });

  describe('images', () => {
    it('stores a re-encoded WebP without EXIF or GPS, plus a 400 px square thumbnail', async () => {
      const photo = await jpegWithGps(2400, 1800);
      expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('OtbooCam');
      const res = await createClothes(owner, { name: '사진 있는 옷' }, { data: photo, name: 'IMG_0001.JPG' });
      expect(res.status).toBe(201);
      expect(res.body.imageUrl).toMatch(/^\/files\/clothes\/[0-9a-f-]{36}\.webp$/);
      expect(res.body.thumbnailUrl).toBe(res.body.imageUrl!.replace('.webp', '-thumb.webp'));

      const image = await fetch(`${server.url}${res.body.imageUrl}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await image.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from('OtbooCam'))).toBe(false);
      expect(bytes.includes(Buffer.from('GPS'))).toBe(false);

      const thumb = Buffer.from(await (await fetch(`${server.url}${res.body.thumbnailUrl}`)).arrayBuffer());
      expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
    });

    it('accepts PNG, WebP, GIF and AVIF by content, whatever the declared type', async () => {
      const base = sharp({
        create: { width: 300, height: 500, channels: 4, background: { r: 250, g: 0, b: 0, alpha: 0.5 } },
      });
      const images = [base.clone().png(), base.clone().webp(), base.clone().gif(), base.clone().avif()];
      for (const data of await Promise.all(images.map((i) => i.toBuffer()))) {
        const res = await createClothes(
          owner,
          { name: '형식 테스트' },
          { data, type: 'application/octet-stream', name: 'x.bin' },
        );
        expect(res.status).toBe(201);
        expect(res.body.imageUrl).toMatch(/\.webp$/);
      }
    });

    it('refuses what is not an image (415) and a truncated JPEG (415)', async () => {
      const text = await createClothes(
        owner,
        { name: '가짜 사진' },
        { data: Buffer.from('<svg onload="alert(1)"></svg>'.repeat(10)), type: 'image/jpeg' },
      );
      expect(text.status).toBe(415);
      expect(text.body).toEqual({
        exceptionName: 'UnsupportedMediaTypeException',
        message: ko.clothes.imageInvalid,
        details: {},
      });
      const photo = await jpegWithGps();
      const truncated = await createClothes(
        owner,
        { name: '잘린 사진' },
        { data: photo.subarray(0, Math.floor(photo.length * 0.6)) },
      );
      expect(truncated.status).toBe(415);
      expect(truncated.body.message).toBe(ko.clothes.imageInvalid);
    });

    it('refuses a PNG decompression bomb quickly', async () => {
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(20_000);
      const started = Date.now();
      const res = await createClothes(
        owner,
        { name: '폭탄' },
        { data: bomb, type: 'image/png', name: 'bomb.png' },
      );
      expect(res.status).toBe(413);
      expect(res.body.message).toBe(ko.clothes.imageTooManyPixels);
      expect(Date.now() - started).toBeLessThan(2000);
      expect((await listOf(owner, { ownerId: owner.id, keywordLike: '폭탄' })).body.data).toEqual([]);
    });

    it('refuses an image over 10 MB (413) and a 50 MB upload without harm to the server', async () => {
      const over = await createClothes(owner, { name: '큰 사진' }, { data: Buffer.alloc(10 * MB + 1, 0xff) });
      expect(over.status).toBe(413);
      expect(over.body.message).toBe(ko.clothes.imageTooLarge);

      const huge = await uploadHuge(
        server.url,
        owner.accessToken,
        { ownerId: owner.id, name: '아주 큰 사진', type: 'TOP' },
        50 * MB,
      );
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({
        exceptionName: 'PayloadTooLargeException',
        message: ko.clothes.imageTooLarge,
      });
      // Still healthy: a normal upload right after works.
      const after = await createClothes(
        owner,
        { name: '정상 업로드' },
        { data: await jpegWithGps(200, 200) },
      );
      expect(after.status).toBe(201);
    });

    it('replacing or deleting deletes the old files, unless a feed post still shows them', async () => {
      const created = (
        await createClothes(owner, { name: '사진 교체' }, { data: await jpegWithGps(300, 300) })
      ).body;
      const oldFiles = [created.imageUrl!, created.thumbnailUrl!];
      for (const url of oldFiles) expect(existsSync(fileOf(url))).toBe(true);
      const replaced = (
        await patchClothes(owner, created.id, { name: '사진 교체됨' }, { data: await jpegWithGps(320, 240) })
      ).body;
      expect(replaced.imageUrl).not.toBe(created.imageUrl);
      for (const url of oldFiles) {
        expect(existsSync(fileOf(url))).toBe(false);
        expect((await fetch(`${server.url}${url}`)).status).toBe(404);
      }
      // A patch without an image keeps it.
      expect((await patchClothes(owner, created.id, { name: '이름만' })).body.imageUrl).toBe(
        replaced.imageUrl,
      );

      // A feed post copied the current image: replacing and deleting the garment keep those files.
      const { db } = server.database;
      const [weather] = await db
        .insert(weatherForecasts)
        .values({
          source: 'open-meteo',
          gridX: 60,
          gridY: 127,
          latitude: 37.5,
          longitude: 127,
          locationNames: ['서울특별시'],
          forecastDate: '2026-11-21',
          forecastAt: new Date(),
          forecastedAt: new Date(),
          skyStatus: 'CLEAR',
          precipitationType: 'NONE',
          precipitationAmount: 0,
          precipitationProbability: 0,
          humidity: 50,
          humidityComparedToDayBefore: 0,
          temperatureCurrent: 10,
          temperatureMin: 5,
          temperatureMax: 15,
          temperatureComparedToDayBefore: 0,
          windSpeed: 1,
          windAsWord: 'WEAK',
          batchId: randomUUID(),
          dayIndex: 0,
        })
        .returning();
      const [feed] = await db
        .insert(feeds)
        .values({
          authorId: owner.id,
          weatherId: weather!.id,
          skyStatus: 'CLEAR',
          precipitationType: 'NONE',
          content: '오늘의 코디',
        })
        .returning();
      const key = (url: string) => url.replace(/^\/files\//, '');
      await db.insert(feedClothes).values({
        feedId: feed!.id,
        position: 0,
        clothesId: created.id,
        name: replaced.name,
        type: replaced.type,
        imageKey: key(replaced.imageUrl!),
        thumbnailKey: key(replaced.thumbnailUrl!),
      });
      const again = (await patchClothes(owner, created.id, {}, { data: await jpegWithGps(100, 100) })).body;
      expect(existsSync(fileOf(replaced.imageUrl!))).toBe(true);
      expect(existsSync(fileOf(replaced.thumbnailUrl!))).toBe(true);
      expect((await http.delete(`/api/clothes/${created.id}`, { token: owner.accessToken })).status).toBe(
        204,
      );
      expect(existsSync(fileOf(replaced.imageUrl!))).toBe(true);
      // The garment's own latest image was in no post: gone with it.
      expect(existsSync(fileOf(again.imageUrl!))).toBe(false);
      expect(existsSync(fileOf(again.thumbnailUrl!))).toBe(false);
    });

    it('keeps no files of a garment whose save failed validation after the upload was read', async () => {
      const before = (await listOf(owner, { ownerId: owner.id, limit: 100 })).body.totalCount;
      const res = await createClothes(
        owner,
        { name: '실패', attributes: [{ definitionId: def('색상').id, value: '무지개' }] },
        { data: await jpegWithGps(200, 200) },
      );
      expect(res.status).toBe(400);
      expect((await listOf(owner, { ownerId: owner.id, limit: 100 })).body.totalCount).toBe(before);
    });
  });

  describe('for other domains', () => {
    it('loads OotdDto items of one owner by ids, in the order asked, skipping foreign and unknown ids', async () => {
      const a = (
        await createClothes(
          owner,
          { name: '추천 상의', type: 'TOP', attributes: [{ definitionId: def('두께').id, value: '얇음' }] },
          { data: await jpegWithGps(200, 200) },
        )
      ).body;
      const b = (await createClothes(owner, { name: '추천 하의', type: 'BOTTOM' })).body;
      const foreign = (await createClothes(other, { name: '남의 옷' })).body;
      const service = createClothesService({
        db: server.database.db,
        repo: createClothesRepo(),
        attributeDefsRepo: createAttributeDefsRepo(),
        storage: createLocalStorage(path.join(server.dataDir, 'uploads')),
        log: server.app.log,
      });
      const items = await service.ootdItems(server.database.db, owner.id, [
        b.id,
        foreign.id,
        randomUUID(),
        a.id,
      ]);
      expect(items).toEqual([
        {
          clothesId: b.id,
          name: '추천 하의',
          type: 'BOTTOM',
          imageUrl: null,
          thumbnailUrl: null,
          attributes: [],
        },
        {
          clothesId: a.id,
          name: '추천 상의',
          type: 'TOP',
          imageUrl: a.imageUrl,
          thumbnailUrl: a.thumbnailUrl,
          attributes: a.attributes,
        },
      ]);
      const all = await service.ownedWithAttributes(server.database.db, owner.id);
      expect(all.map((c) => c.row.id)).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(all.every((c) => c.row.ownerId === owner.id)).toBe(true);
    });
  });
});
