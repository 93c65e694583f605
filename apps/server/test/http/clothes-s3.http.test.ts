import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClothesDto, ClothesExtractionDto } from '@otboo/contract';
import { createS3Storage } from '../../src/adapters/storage/s3-storage.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { startFakeS3, type FakeS3 } from '../fakes/s3/s3-fake.js';
import { startShopPages, type ShopPages } from '../fakes/shop-pages/shop-pages.js';
import { loopbackOnlyConnector } from '../fakes/shop-pages/loopback-connector.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, testEnv, type TestServer } from '../support/start-server.js';

const photo = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 90, g: 30, b: 160 } } })
    .jpeg()
    .toBuffer();
const keyOf = (url: string | null) => url!.replace(/^\/files\//, '');

describe('STORAGE=s3 against a loopback S3-compatible server', () => {
  let s3: FakeS3;
  let shop: ShopPages;
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;

  beforeAll(async () => {
    s3 = await startFakeS3();
    shop = await startShopPages();
    // The standard AWS credential variables, as an operator would set them.
    vi.stubEnv('AWS_ACCESS_KEY_ID', s3.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.secretAccessKey);
    server = await startServer({
      env: {
        STORAGE: 's3',
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ENDPOINT: s3.url,
        LINK_IMPORT_ALLOW_PRIVATE: 'true',
      },
      overrides: { pageConnector: loopbackOnlyConnector() },
    });
    http = httpClient(server.url);
    user = await createUser(server, { prefix: 's3user' });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
    await shop?.close();
    vi.unstubAllEnvs();
  });

  const create = async (image: Buffer) =>
    (
      await http.post<ClothesDto>('/api/clothes', {
        token: user.accessToken,
        form: multipartRequest(
          { ownerId: user.id, name: 'S3 셔츠', type: 'TOP' },
          { data: image, type: 'image/jpeg', name: 'a.jpg' },
        ),
      })
    ).body;

  it('stores both images in the bucket (path-style, signed) and serves them from our origin', async () => {
    const garment = await create(await photo(800, 600));
    const imageKey = keyOf(garment.imageUrl);
    const thumbKey = keyOf(garment.thumbnailUrl);
    expect(imageKey).toMatch(/^clothes\/[0-9a-f-]{36}\.webp$/);
    expect(s3.objects.get(imageKey)).toMatchObject({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(s3.objects.get(thumbKey)?.contentType).toBe('image/webp');
    expect(s3.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual(
      expect.arrayContaining([`/${s3.bucket}/${imageKey}`, `/${s3.bucket}/${thumbKey}`]),
    );

    const served = await fetch(`${server.url}${garment.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await served.arrayBuffer()).equals(s3.objects.get(imageKey)!.body)).toBe(true);
    // A key the bucket does not have: S3 answers NoSuchKey, we answer 404 JSON.
    const missing = await fetch(`${server.url}/files/clothes/${randomUUID()}.webp`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { exceptionName: string }).exceptionName).toBeTruthy();
  });

  it('deletes the old objects when the image is replaced and when the garment is deleted', async () => {
    const garment = await create(await photo(400, 400));
    const old = [keyOf(garment.imageUrl), keyOf(garment.thumbnailUrl)];
    const replaced = (
      await http.patch<ClothesDto>(`/api/clothes/${garment.id}`, {
        token: user.accessToken,
        form: multipartRequest({}, { data: await photo(500, 300), type: 'image/jpeg' }),
      })
    ).body;
    for (const key of old) expect(s3.objects.has(key)).toBe(false);
    expect(s3.requests.some((r) => r.method === 'POST' && r.query.startsWith('delete'))).toBe(true);
    const current = [keyOf(replaced.imageUrl), keyOf(replaced.thumbnailUrl)];
    for (const key of current) expect(s3.objects.has(key)).toBe(true);
    expect((await http.delete(`/api/clothes/${garment.id}`, { token: user.accessToken })).status).toBe(204);
    for (const key of current) expect(s3.objects.has(key)).toBe(false);
  });

  it('refuses to build the app with STORAGE=s3 and no bucket', async () => {
    const config = loadConfig(testEnv(server.dataDir, { STORAGE: 's3' }));
    await expect(buildApp(config, { database: server.database })).rejects.toThrow(/S3_BUCKET/);
  });

  it('stores link-import photos under imports/', async () => {
    const res = await http.get<ClothesExtractionDto>('/api/clothes/extractions', {
      token: user.accessToken,
      query: { url: `${shop.url}/og/shirt` },
    });
    expect(res.status).toBe(200);
    expect(s3.objects.get(keyOf(res.body.imageUrl))?.contentType).toBe('image/webp');
  });
});

describe('S3 storage adapter', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: 'adapter-test' });
  });
  afterAll(async () => {
    await s3?.close();
  });
  const storage = (over: Partial<{ bucket: string; secretAccessKey: string }> = {}) =>
    createS3Storage({
      bucket: over.bucket ?? s3.bucket,
      region: s3.region,
      endpoint: s3.url,
      credentials: {
        accessKeyId: s3.accessKeyId,
        secretAccessKey: over.secretAccessKey ?? s3.secretAccessKey,
      },
    });

  it('puts, gets and deletes; a missing key reads as null and deletes quietly', async () => {
    const key = `clothes/${randomUUID()}.webp`;
    await storage().put(key, Buffer.from('webp-bytes'), 'image/webp');
    const got = await storage().get(key);
    expect(got).toMatchObject({ contentType: 'image/webp', size: 10 });
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('webp-bytes');
    await storage().delete([key, `clothes/${randomUUID()}.webp`]);
    expect(await storage().get(key)).toBeNull();
    // Keys that are not ours are never sent.
    expect(await storage().get('../../etc/passwd')).toBeNull();
    await expect(storage().put('../x', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /invalid storage key/,
    );
  });

  it('deletes in batches of 1000 keys', async () => {
    const keys = Array.from({ length: 1500 }, () => `imports/${randomUUID()}.webp`);
    for (const key of keys.slice(0, 3)) await storage().put(key, Buffer.from('x'), 'image/webp');
    const before = s3.requests.length;
    await storage().delete(keys);
    expect(s3.requests.slice(before).filter((r) => r.method === 'POST')).toHaveLength(2);
    for (const key of keys.slice(0, 3)) expect(s3.objects.has(key)).toBe(false);
  });

  it("surfaces S3's XML errors: a wrong secret (signature) and an unknown bucket", async () => {
    const key = `clothes/${randomUUID()}.webp`;
    await expect(
      storage({ secretAccessKey: 'wrong-secret' }).put(key, Buffer.from('x'), 'image/webp'),
    ).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    await expect(storage({ bucket: 'no-such-bucket' }).get(key)).rejects.toMatchObject({
      name: 'NoSuchBucket',
      $metadata: { httpStatusCode: 404 },
    });
    expect(s3.objects.has(key)).toBe(false);
  });
});
