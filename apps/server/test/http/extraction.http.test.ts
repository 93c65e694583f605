import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type ClothesDto, type ClothesExtractionDto, type ErrorBody } from '@otboo/contract';
import { startShopPages, type ShopPages } from '../fakes/shop-pages/shop-pages.js';
import { loopbackOnlyConnector } from '../fakes/shop-pages/loopback-connector.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

const PATH = '/api/clothes/extractions';

/** `{definition name: value}` of guessed attributes. */
const attributesOf = (dto: ClothesExtractionDto) =>
  Object.fromEntries(dto.attributes.map((a) => [a.definitionName, a.value]));

describe('link import (LINK_IMPORT_ALLOW_PRIVATE=true, loopback shop)', () => {
  let shop: ShopPages;
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;
  const connector = loopbackOnlyConnector();

  beforeAll(async () => {
    shop = await startShopPages();
    server = await startServer({
      env: { LINK_IMPORT_ALLOW_PRIVATE: 'true' },
      overrides: { pageConnector: connector },
    });
    http = httpClient(server.url);
    user = await createUser(server, { prefix: 'importer' });
  });
  afterAll(async () => {
    await server?.close();
    await shop?.close();
    // Every connection the app made stayed on loopback.
    expect(connector.refused).toEqual([]);
  });

  const extract = (url: string, token = user.accessToken) =>
    http.get<ClothesExtractionDto & ErrorBody>(PATH, { token, query: { url } });

  async function expectStoredImage(url: string | null) {
    expect(url).toMatch(/^\/files\/imports\/[0-9a-f-]{36}\.webp$/);
    const res = await fetch(`${server.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
    return meta;
  }

  it('answers 401 without a token', async () => {
    expect((await http.get(PATH, { query: { url: `${shop.url}/jsonld/knit` } })).status).toBe(401);
  });

  it('reads a schema.org JSON-LD page: name, type from the breadcrumb, attributes, photo re-hosted on our origin', async () => {
    const res = await extract(`${shop.url}/jsonld/knit`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'json-ld',
      name: '캐시미어 블렌드 라운드넥 니트 & 스카프 세트',
      type: 'TOP',
    });
    expect(attributesOf(res.body)).toEqual({ 색상: '차콜', 소재: '울', 계절: '겨울' });
    for (const a of res.body.attributes) expect(a.selectableValues).toContain(a.value);
    const meta = await expectStoredImage(res.body.imageUrl);
    expect(meta.height).toBe(1600);
  });

  it('reads an Open Graph page (relative og:image) and follows a redirect', async () => {
    const res = await extract(`${shop.url}/og/shirt`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'open-graph',
      name: '스트라이프 옥스포드 셔츠 (Sky Blue)',
      type: 'TOP',
    });
    expect(attributesOf(res.body)).toEqual({ 색상: '스카이블루', 계절: '봄', 소재: '면' });
    await expectStoredImage(res.body.imageUrl);
    const redirected = await extract(`${shop.url}/redirect/knit`);
    expect(redirected.status).toBe(200);
    expect(redirected.body.name).toBe('캐시미어 블렌드 라운드넥 니트 & 스카프 세트');
  });

  it('reads a Musinsa-like page from window.__MSS__.product.state', async () => {
    const res = await extract(`${shop.url}/musinsa/products/3456789`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'musinsa',
      name: '[SET] 후드 집업 & 조거 팬츠 셋업 멜란지 그레이',
      type: 'OUTER',
    });
    expect(attributesOf(res.body)).toEqual({ 두께: '두꺼움', 계절: '가을', 색상: '그레이' });
    await expectStoredImage(res.body.imageUrl);
  });

  it('reads a Naver smart store-like page from window.__PRELOADED_STATE__', async () => {
    const res = await extract(`${shop.url}/naver/otboo-outdoor/products/9812345678`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'naver-smartstore',
      name: '남성 방수 트레킹화 블랙',
      type: 'SHOES',
    });
    expect(attributesOf(res.body)).toEqual({ 색상: '블랙', 방수: '예', 스타일: '아웃도어' });
    await expectStoredImage(res.body.imageUrl);
  });

  it('lets the browser save the import: the re-hosted photo uploads as a garment image', async () => {
    const imported = (await extract(`${shop.url}/jsonld/knit`)).body;
    const photo = Buffer.from(await (await fetch(`${server.url}${imported.imageUrl}`)).arrayBuffer());
    const res = await http.post<ClothesDto>('/api/clothes', {
      token: user.accessToken,
      form: multipartRequest(
        {
          ownerId: user.id,
          name: imported.name,
          type: imported.type,
          attributes: imported.attributes.map((a) => ({ definitionId: a.definitionId, value: a.value })),
        },
        { data: photo, type: 'image/webp', name: 'import.webp' },
      ),
    });
    expect(res.status).toBe(201);
    expect(res.body.attributes).toHaveLength(3);
  });

  it('still imports a page whose photo is not an image (imageUrl null)', async () => {
    const res = await extract(`${shop.url}/bad-image`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: '사진이 깨진 가디건', type: 'OUTER', imageUrl: null });
  });

  it.each([
    ['/text', ko.clothes.urlNotHtml],
    ['/missing-page', ko.clothes.urlFetchFailed],
    ['/no-product', ko.clothes.urlNoProduct],
  ])('answers %s with 502', async (path, message) => {
    const res = await extract(`${shop.url}${path}`);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ exceptionName: 'LinkImportException', message, details: {} });
  });

  it('answers a page that never answers with 502 within about 5 seconds', async () => {
    const started = Date.now();
    const res = await extract(`${shop.url}/hang`);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(ko.clothes.urlTimeout);
    expect(Date.now() - started).toBeLessThan(7000);
  }, 15_000);

  it.each([
    ['', ko.clothes.urlRequired],
    ['   ', ko.clothes.urlRequired],
    ['not a url', ko.clothes.urlInvalid],
    ['ftp://127.0.0.1/file', ko.clothes.urlInvalid],
    ['file:///etc/passwd', ko.clothes.urlInvalid],
    ['javascript:alert(1)', ko.clothes.urlInvalid],
    [`https://${'a'.repeat(2050)}.example/`, ko.clothes.urlInvalid],
  ])('answers the bad URL %j with 400', async (url, message) => {
    const res = await extract(url);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers a missing url parameter with 400', async () => {
    const res = await http.get(PATH, { token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ko.clothes.urlRequired);
  });
});

describe('link import with the switch off (production rules)', () => {
  let shop: ShopPages;
  let server: TestServer;
  let user: TestUser;
  const connector = loopbackOnlyConnector();

  beforeAll(async () => {
    shop = await startShopPages();
    server = await startServer({ overrides: { pageConnector: connector } });
    user = await createUser(server, { prefix: 'blocked' });
  });
  afterAll(async () => {
    await server?.close();
    await shop?.close();
  });

  it.each([
    'http://127.0.0.1/',
    'http://127.1.2.3/',
    'http://[::1]/',
    'http://localhost/',
    'http://0.0.0.0/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://[fd00::1]/',
    'LOOPBACK_SHOP',
  ])('refuses %s with 400 without connecting', async (raw) => {
    const url = raw === 'LOOPBACK_SHOP' ? `${shop.url}/jsonld/knit` : raw;
    const res = await httpClient(server.url).get(PATH, { token: user.accessToken, query: { url } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      exceptionName: 'BlockedUrlException',
      message: ko.clothes.urlBlocked,
      details: { url: ko.clothes.urlBlocked },
    });
    expect(connector.attempts).toEqual([]);
  });
});
