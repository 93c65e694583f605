import { readdir } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type AttributeDefDto, type ClothesAnalysisDto, type ErrorBody } from '@otboo/contract';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

/** A garment-like shape in `rgb` on `background` (an RGBA background of alpha 0 is transparent). */
function garmentPhoto(
  rgb: [number, number, number],
  background: [number, number, number, number],
  width = 400,
  height = 500,
) {
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inside = x > width * 0.3 && x < width * 0.7 && y > height * 0.2 && y < height * 0.85;
      raw.set(inside ? [...rgb, 255] : background, (y * width + x) * 4);
    }
  return sharp(raw, { raw: { width, height, channels: 4 } });
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few kilobytes declaring 100000×100000 pixels. */
function pngBomb() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(12_501 * 100))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/clothes/analyses', () => {
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;
  let colour: AttributeDefDto;

  const analyse = (data: Buffer, name = 'photo.jpg', type = 'image/jpeg', token = user.accessToken) => {
    const form = new FormData();
    form.append('image', new Blob([data], { type }), name);
    return http.post<ClothesAnalysisDto & ErrorBody>('/api/clothes/analyses', { token, form });
  };
  const uploads = async () => (await readdir(path.join(server.dataDir, 'uploads')).catch(() => [])).length;

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    user = await createUser(server, { prefix: 'analyse' });
    const defs = await http.get<AttributeDefDto[]>('/api/clothes/attribute-defs', {
      token: user.accessToken,
    });
    colour = defs.body.find((d) => d.name === '색상')!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 without a token, and refuses what is not an image like a clothes photo', async () => {
    const jpeg = await garmentPhoto([30, 38, 80], [252, 252, 252, 255]).jpeg().toBuffer();
    expect((await analyse(jpeg, 'a.jpg', 'image/jpeg', '')).status).toBe(401);

    const text = await analyse(Buffer.from('name,type\n코트,OUTER\n'.repeat(20)), 'coat.jpg');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(ko.clothes.imageInvalid);

    const truncated = await analyse(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'coat.jpg');
    expect(truncated.status).toBe(415);

    const bomb = await analyse(pngBomb(), 'bomb.png', 'image/png');
    expect(bomb.status).toBe(413);
    expect(bomb.body.message).toBe(ko.clothes.imageTooManyPixels);

    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0xab);
    big.set([0xff, 0xd8, 0xff]);
    expect((await analyse(big, 'big.jpg')).status).toBe(413);

    const none = await http.post('/api/clothes/analyses', { token: user.accessToken, form: new FormData() });
    expect(none.status).toBe(400);
  });

  it('names the colour and, from a garment word in the file name, the type and a Korean name; stores nothing', async () => {
    const before = await uploads();
    const res = await analyse(
      await garmentPhoto([30, 38, 80], [252, 252, 252, 255]).jpeg().toBuffer(),
      'navy-coat.jpg',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      type: 'OUTER',
      name: '네이비 코트',
      attributes: [{ definitionId: colour.id, definitionName: '색상', value: '네이비' }],
    });
    const korean = await analyse(
      await garmentPhoto([190, 30, 40], [188, 188, 190, 255]).webp().toBuffer(),
      '빨간 니트.webp',
      'image/webp',
    );
    expect(korean.body).toMatchObject({ type: 'TOP', name: '레드 니트', attributes: [{ value: '레드' }] });
    // The photo's colour names the garment, whatever colour the file name says.
    const english = await analyse(
      await garmentPhoto([28, 28, 30], [252, 252, 252, 255]).jpeg().toBuffer(),
      'White_T-Shirt.jpg',
    );
    expect(english.body).toMatchObject({ type: 'TOP', name: '블랙 티셔츠', attributes: [{ value: '블랙' }] });
    const camera = await analyse(
      await garmentPhoto([46, 139, 87], [252, 252, 252, 255]).jpeg().toBuffer(),
      'IMG_0042.JPG',
    );
    expect(camera.body).toMatchObject({ type: null, name: null, attributes: [{ value: '그린' }] });
    for (const generated of ['DSC01234.JPG', 'photo1.jpg', 'Screenshot 2024-05-01 at 15.12.44.png']) {
      const res = await analyse(
        await garmentPhoto([46, 139, 87], [252, 252, 252, 255]).jpeg().toBuffer(),
        generated,
      );
      expect(res.body, generated).toMatchObject({ type: null, name: null });
    }
    expect(await uploads()).toBe(before);
  });

  it('reads transparent pixels as background, and finds no colour in white on white', async () => {
    const png = await garmentPhoto([215, 195, 160], [0, 0, 0, 0]).png().toBuffer();
    expect((await analyse(png, 'cutout.png', 'image/png')).body.attributes).toEqual([
      { definitionId: colour.id, definitionName: '색상', value: '베이지' },
    ]);
    const white = await analyse(
      await garmentPhoto([250, 250, 250], [250, 250, 250, 255]).jpeg().toBuffer(),
      'white.jpg',
    );
    expect(white.status).toBe(200);
    expect(white.body.attributes).toEqual([]);
    // Nothing in the photo: the file name's colour word gives the colour and the name.
    const named = await analyse(
      await garmentPhoto([250, 250, 250], [250, 250, 250, 255]).jpeg().toBuffer(),
      'navy-puffer.jpg',
    );
    expect(named.body).toEqual({
      type: 'OUTER',
      name: '네이비 패딩',
      attributes: [{ definitionId: colour.id, definitionName: '색상', value: '네이비' }],
    });
  });

  it('downscales a photo of almost 50 megapixels on load instead of decoding it whole', async () => {
    const side = 7000;
    const garment = await sharp({
      create: { width: 3000, height: 4000, channels: 3, background: { r: 40, g: 90, b: 190 } },
    })
      .png()
      .toBuffer();
    const huge = await sharp({
      create: { width: side, height: side, channels: 3, background: { r: 252, g: 252, b: 252 } },
    })
      .composite([{ input: garment, gravity: 'centre' }])
      .jpeg({ quality: 80 })
      .toBuffer();
    const started = performance.now();
    const res = await analyse(huge, 'blue-shirt.jpg');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'TOP', attributes: [{ value: '블루' }] });
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
