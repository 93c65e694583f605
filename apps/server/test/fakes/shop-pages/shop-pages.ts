import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';

/**
 * Loopback shop serving product pages shaped like real ones (from the public structure of such pages): a
 * JSON-LD page (schema.org Product inside `@graph`, ImageObject images, offers, BreadcrumbList), an Open
 * Graph-only page, a Musinsa-like page (`window.__MSS__.product.state`), a Naver smart store-like page
 * (`window.__PRELOADED_STATE__` with `product.A`), plus images and failure cases.
 */
export interface ShopPages {
  url: string;
  close(): Promise<void>;
}

const page = (head: string, body = '') =>
  `<!doctype html><html lang="ko"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

function jsonLdPage(base: string) {
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebSite', name: '테스트 셀렉트샵', url: base },
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: '홈', item: `${base}/` },
          { '@type': 'ListItem', position: 2, name: '여성의류', item: `${base}/c/women` },
          { '@type': 'ListItem', position: 3, name: '니트/스웨터', item: `${base}/c/women/knit` },
        ],
      },
      {
        '@type': 'Product',
        name: '캐시미어 블렌드 라운드넥 니트 &amp; 스카프 세트',
        image: [
          { '@type': 'ImageObject', contentUrl: `${base}/img/knit.jpg`, width: 1200, height: 1600 },
          { '@type': 'ImageObject', url: `${base}/img/knit-2.jpg` },
        ],
        description: '부드러운 터치감의 겨울용 니트입니다.',
        sku: 'KN-2291',
        brand: { '@type': 'Brand', name: 'OTBOO STUDIO' },
        color: 'Charcoal',
        material: '울 70%, 캐시미어 30%',
        offers: {
          '@type': 'Offer',
          price: '129000',
          priceCurrency: 'KRW',
          availability: 'https://schema.org/InStock',
          url: `${base}/jsonld/knit`,
        },
      },
    ],
  };
  return page(
    `<title>캐시미어 블렌드 라운드넥 니트 - 테스트 셀렉트샵</title>
     <meta property="og:title" content="테스트 셀렉트샵">
     <script type="application/ld+json">${JSON.stringify(graph)}</script>`,
  );
}

function openGraphPage(base: string) {
  return page(
    `<title>스트라이프 옥스포드 셔츠 | 브랜드몰</title>
     <meta property="og:type" content="product">
     <meta property="og:title" content="스트라이프 옥스포드 셔츠 (Sky Blue)">
     <meta property="og:image" content="/img/shirt.png">
     <meta name="twitter:card" content="summary_large_image">
     <meta name="twitter:image" content="${base}/img/shirt.png">
     <meta property="og:description" content="봄 여름 데일리로 입기 좋은 코튼 셔츠">`,
  );
}

/**
 * Musinsa product pages keep the whole product in `window.__MSS__.product.state = {...};`. The real image paths
 * are relative to Musinsa's CDN; here they are absolute loopback URLs so no test ever leaves this machine.
 */
function musinsaPage(base: string) {
  const state = {
    goodsNo: 3456789,
    goodsNm: '[SET] 후드 집업 & 조거 팬츠 셋업 멜란지 그레이',
    goodsNmEng: 'Hood zip-up & jogger set',
    thumbnailImageUrl: `${base}/img/hoodie.png`,
    goodsImages: [{ imageUrl: `${base}/img/hoodie.png`, kind: 'GOODS' }],
    brand: 'otboostudio',
    brandInfo: { brandName: 'OTBOO STUDIO', brandCode: 'otboostudio' },
    category: {
      categoryDepth1Code: '002',
      categoryDepth1Name: '아우터',
      categoryDepth2Code: '002022',
      categoryDepth2Name: '후드 집업',
    },
    baseCategoryFullPath: '아우터>후드 집업',
    goodsPrice: { normalPrice: 89000, salePrice: 69000, memberPrice: 65000 },
    goodsMaterial: {
      materials: [
        {
          name: '두께',
          items: [
            { name: '얇음', isSelected: false },
            { name: '보통', isSelected: false },
            { name: '두꺼움', isSelected: true },
          ],
        },
        {
          name: '계절',
          items: [
            { name: '봄', isSelected: false },
            { name: '여름', isSelected: false },
            { name: '가을', isSelected: true },
            { name: '겨울', isSelected: true },
          ],
        },
        { name: '핏', items: [{ name: '오버핏', isSelected: true }] },
      ],
    },
    sexCode: 6,
    labels: [{ code: 'MUSINSA_EXCLUSIVE' }],
  };
  return page(
    `<title>무신사 스토어</title>
     <script>window.__MSS__ = window.__MSS__ || {}; window.__MSS__.product = {};
     window.__MSS__.product.state = ${JSON.stringify(state)};
     window.__MSS__.product.ready = true;</script>`,
    '<div id="root"></div>',
  );
}

/** Naver smart store pages carry the redux state: `window.__PRELOADED_STATE__={...}`. */
function naverPage(base: string) {
  const state = {
    product: {
      A: {
        id: '9876543210',
        productNo: '9812345678',
        name: '남성 방수 트레킹화 블랙',
        channel: { channelName: '오트부 아웃도어', channelSiteUrl: 'otboo-outdoor' },
        category: {
          categoryId: '50000788',
          categoryName: '트레킹화',
          wholeCategoryName: '스포츠/레저>등산>등산화>트레킹화',
        },
        representImage: { url: `${base}/img/shoes.png`, imageType: 'REPRESENTATIVE' },
        productImages: [
          { url: `${base}/img/shoes-detail.png`, imageType: 'OPTIONAL' },
          { url: `${base}/img/shoes.png`, imageType: 'REPRESENTATIVE' },
        ],
        reviewAmount: { totalReviewCount: 123 },
        saleAmount: { cumulationSaleCount: 456 },
      },
    },
    smartStoreV2: { channel: { channelName: '오트부 아웃도어' } },
  };
  return page(
    `<title>오트부 아웃도어 : 네이버쇼핑 스마트스토어</title>`,
    `<div id="root"></div><script>window.__PRELOADED_STATE__=${JSON.stringify(state)}</script>`,
  );
}

async function images() {
  const photo = (r: number, g: number, b: number, width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r, g, b } } });
  return {
    'knit.jpg': { type: 'image/jpeg', body: await photo(60, 60, 60, 1200, 1600).jpeg().toBuffer() },
    'knit-2.jpg': { type: 'image/jpeg', body: await photo(80, 80, 80, 600, 800).jpeg().toBuffer() },
    'shirt.png': { type: 'image/png', body: await photo(120, 180, 230, 800, 800).png().toBuffer() },
    'hoodie.png': { type: 'image/png', body: await photo(150, 150, 150, 900, 1200).png().toBuffer() },
    'shoes.png': { type: 'image/png', body: await photo(20, 20, 20, 1000, 1000).png().toBuffer() },
  } as Record<string, { type: string; body: Buffer }>;
}

export async function startShopPages(): Promise<ShopPages> {
  const files = await images();
  let base = '';
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (path === '/jsonld/knit') return html(200, jsonLdPage(base));
    if (path === '/og/shirt') return html(200, openGraphPage(base));
    if (path === '/musinsa/products/3456789') return html(200, musinsaPage(base));
    if (path === '/naver/otboo-outdoor/products/9812345678') return html(200, naverPage(base));
    if (path === '/redirect/knit') {
      res.writeHead(301, { location: '/jsonld/knit' });
      return res.end();
    }
    if (path === '/bad-image') {
      return html(
        200,
        page(
          '<meta property="og:title" content="사진이 깨진 가디건"><meta property="og:image" content="/img/not-an-image">',
        ),
      );
    }
    if (path === '/no-product') return html(200, '<html><body><p>hello</p></body></html>');
    if (path === '/text') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('plain text');
    }
    if (path === '/hang') return; // never answers
    if (path === '/img/not-an-image') return html(200, '<p>not an image</p>');
    const file = path.startsWith('/img/') ? files[path.slice(5)] : undefined;
    if (file) {
      res.writeHead(200, { 'content-type': file.type, 'content-length': String(file.body.length) });
      return res.end(file.body);
    }
    html(404, page('<title>페이지를 찾을 수 없습니다</title>'));
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
