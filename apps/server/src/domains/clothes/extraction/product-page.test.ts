import { describe, expect, it } from 'vitest';
import { readProductPage } from './product-page.js';

const html = (head: string, body = '') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('readProductPage', () => {
  describe('schema.org JSON-LD', () => {
    it('reads a top-level Product with an image string and offers', () => {
      const page = readProductPage(
        html(
          ld({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: '린넨 셔츠',
            image: '/p/1.jpg',
            offers: { '@type': 'Offer', price: 39000 },
          }),
        ),
        'https://shop.example/products/1',
      );
      expect(page).toMatchObject({
        source: 'json-ld',
        name: '린넨 셔츠',
        type: 'TOP',
        images: ['https://shop.example/p/1.jpg'],
      });
    });

    it('finds the Product inside arrays, @graph, ItemPage.mainEntity and Offer.itemOffered', () => {
      const product = {
        '@type': ['Product', 'Thing'],
        name: '울 코트',
        image: [{ '@type': 'ImageObject', url: 'https://cdn.example/a.jpg' }, 'https://cdn.example/b.jpg'],
      };
      for (const wrapped of [
        [{ '@type': 'Organization', name: '샵' }, product],
        { '@graph': [{ '@type': 'WebSite' }, product] },
        { '@type': 'ItemPage', mainEntity: product },
        { '@type': 'Offer', itemOffered: product },
      ]) {
        const page = readProductPage(html(ld(wrapped)), 'https://shop.example/x');
        expect(page.name).toBe('울 코트');
        expect(page.images).toEqual(['https://cdn.example/a.jpg', 'https://cdn.example/b.jpg']);
        expect(page.type).toBe('OUTER');
      }
    });

    it('reads ImageObject contentUrl, schema.org type IRIs, categories, colour and material', () => {
      const page = readProductPage(
        html(
          ld({
            '@type': 'http://schema.org/Product',
            name: { '@value': 'Cable Knit &amp; Scarf' },
            image: { '@type': 'ImageObject', contentUrl: '//img.example/knit.jpg' },
            category: '여성 > 니트/스웨터',
            color: 'Navy',
            material: 'Wool',
            additionalProperty: [
              { '@type': 'PropertyValue', name: '계절', value: '겨울' },
              { name: '원산지', value: '한국' },
            ],
          }),
        ),
        'https://shop.example/x',
      );
      expect(page.name).toBe('Cable Knit & Scarf');
      expect(page.images).toEqual(['https://img.example/knit.jpg']);
      expect(page.type).toBe('TOP');
      expect(page.attributeTexts.slice(0, 3)).toEqual(['Navy', 'Wool', '겨울']);
    });

    it('survives broken blocks and raw line breaks inside strings', () => {
      const page = readProductPage(
        html(
          `<script type="application/ld+json">{ broken</script><script type="application/ld+json">{"@type":"Product","name":"줄바꿈\n있는 이름"}</script>`,
        ),
        'https://shop.example/x',
      );
      expect(page.name).toBe('줄바꿈 있는 이름');
    });
  });

  it('falls back to Open Graph and Twitter tags, then the title without the shop suffix', () => {
    const og = readProductPage(
      html(
        `<meta property="og:title" content="데님 자켓"><meta name="twitter:image" content="/t.png"><meta property="og:description" content="봄 시즌">`,
      ),
      'https://shop.example/a/b',
    );
    expect(og).toMatchObject({
      source: 'open-graph',
      name: '데님 자켓',
      type: 'OUTER',
      images: ['https://shop.example/t.png'],
    });
    const title = readProductPage(html('<title>코튼 반바지 | 브랜드몰</title>'), 'https://shop.example/');
    expect(title).toMatchObject({ source: 'title', name: '코튼 반바지', type: 'BOTTOM', images: [] });
    expect(readProductPage('<p>no product</p>', 'https://shop.example/').name).toBeUndefined();
  });

  it('prefers JSON-LD over Open Graph over shop data over the title, per field', () => {
    const page = readProductPage(
      html(
        `<title>제목</title><meta property="og:title" content="OG 이름"><meta property="og:image" content="https://cdn.example/og.jpg">${ld({ '@type': 'Product', name: 'LD 이름' })}`,
      ),
      'https://shop.example/',
    );
    expect(page.source).toBe('json-ld');
    expect(page.name).toBe('LD 이름');
    expect(page.images).toEqual(['https://cdn.example/og.jpg']);
  });

  describe('shop page data', () => {
    const musinsaState = {
      goodsNo: 1,
      goodsNm: '베이식 옥스포드 셔츠',
      thumbnailImageUrl: '/images/goods_img/20240101/1/1_500.jpg',
      category: { categoryDepth1Name: '상의', categoryDepth2Name: '셔츠/블라우스' },
      goodsMaterial: {
        materials: [
          {
            name: '계절',
            items: [
              { name: '봄', isSelected: true },
              { name: '여름', isSelected: false },
            ],
          },
        ],
      },
    };

    it('Musinsa: window.__MSS__.product.state, images relative to the Musinsa CDN', () => {
      const page = readProductPage(
        html(
          '<title>무신사</title>',
          `<script>window.__MSS__.product.state = ${JSON.stringify(musinsaState)};\nwindow.__MSS__.other = {};</script>`,
        ),
        'https://www.musinsa.com/products/1',
      );
      expect(page).toMatchObject({
        source: 'musinsa',
        name: '베이식 옥스포드 셔츠',
        type: 'TOP',
        images: ['https://image.msscdn.net/images/goods_img/20240101/1/1_500.jpg'],
      });
      expect(page.attributeTexts[0]).toBe('봄');
    });

    it('Musinsa: the same state from __NEXT_DATA__', () => {
      const next = { props: { pageProps: { meta: { data: musinsaState } } } };
      const page = readProductPage(
        html(`<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script>`),
        'https://www.musinsa.com/products/1',
      );
      expect(page.name).toBe('베이식 옥스포드 셔츠');
    });

    it('Naver smart store: window.__PRELOADED_STATE__ product.A, representative image first', () => {
      const state = {
        product: {
          A: {
            name: '코듀로이 와이드 팬츠',
            representImage: { url: 'https://shop-phinf.pstatic.net/rep.jpg' },
            productImages: [{ url: 'https://shop-phinf.pstatic.net/other.jpg', imageType: 'OPTIONAL' }],
            category: { wholeCategoryName: '패션의류>남성의류>바지' },
          },
        },
      };
      const page = readProductPage(
        html('', `<script>window.__PRELOADED_STATE__=${JSON.stringify(state)}</script>`),
        'https://smartstore.naver.com/shop/products/1',
      );
      expect(page).toMatchObject({
        source: 'naver-smartstore',
        name: '코듀로이 와이드 팬츠',
        type: 'BOTTOM',
        images: ['https://shop-phinf.pstatic.net/rep.jpg', 'https://shop-phinf.pstatic.net/other.jpg'],
      });
    });

    it('29CM, W Concept and Zigzag: the product object in __NEXT_DATA__', () => {
      const cases = [
        [
          'https://www.29cm.co.kr/products/1',
          {
            props: {
              pageProps: {
                product: { itemNo: 1, itemName: '헤링본 블레이저', imageUrl: '/item/2024/a.jpg' },
              },
            },
          },
          '29cm',
          'https://img.29cm.co.kr/item/2024/a.jpg',
        ],
        [
          'https://www.wconcept.co.kr/Product/1',
          {
            props: {
              pageProps: {
                data: { productName: '플리츠 스커트', imageUrl: '//image.wconcept.co.kr/p/1.jpg' },
              },
            },
          },
          'wconcept',
          'https://image.wconcept.co.kr/p/1.jpg',
        ],
        [
          'https://zigzag.kr/catalog/products/1',
          {
            props: {
              pageProps: {
                product: {
                  name: '골지 니트 원피스',
                  product_image_list: [
                    { url: 'https://cdn.zigzag.example/2.jpg', image_type: 'DETAIL' },
                    { url: 'https://cdn.zigzag.example/1.jpg', image_type: 'MAIN' },
                  ],
                },
              },
            },
          },
          'zigzag',
          'https://cdn.zigzag.example/1.jpg',
        ],
      ] as const;
      for (const [url, next, source, image] of cases) {
        const page = readProductPage(
          html(`<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script>`),
          url,
        );
        expect(page.source).toBe(source);
        expect(page.images[0]).toBe(image);
      }
    });

    it('SSG and Coupang: the product heading and photo of the page', () => {
      const ssg = readProductPage(
        html(
          '',
          '<h2 class="cdtl_info_tit"><span class="cdtl_info_tit_txt">여성 캐시미어 머플러</span></h2><img class="zoom_thumb" src="//sitem.ssgcdn.example/1.jpg">',
        ),
        'https://www.ssg.com/item/itemView.ssg?itemId=1',
      );
      expect(ssg).toMatchObject({
        source: 'ssg',
        name: '여성 캐시미어 머플러',
        type: 'SCARF',
        images: ['https://sitem.ssgcdn.example/1.jpg'],
      });
      const coupang = readProductPage(
        html(
          '',
          '<h1 class="prod-buy-header__title">남성 기모 후드티</h1><img class="prod-image__detail" src="//thumbnail.coupangcdn.example/1.jpg"><a class="breadcrumb-link">쿠팡 홈</a>',
        ),
        'https://www.coupang.com/vp/products/1',
      );
      expect(coupang).toMatchObject({
        source: 'coupang',
        name: '남성 기모 후드티',
        type: 'TOP',
        images: ['https://thumbnail.coupangcdn.example/1.jpg'],
      });
    });

    it('reads a shop structure on any host (short links, mobile hosts); the host only decides which reader goes first', () => {
      const state = `<script>window.__MSS__.product.state = ${JSON.stringify({ goodsNm: '무신사 구조', thumbnailImageUrl: '/x.jpg' })};</script>`;
      const page = readProductPage(html('', state), 'https://musinsa.com.evil.example/products/1');
      expect(page.source).toBe('musinsa');
      // Relative images resolve against the Musinsa CDN only in the Musinsa reader.
      expect(page.images).toEqual(['https://image.msscdn.net/x.jpg']);
    });
  });
});
