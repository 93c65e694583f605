import type { CheerioAPI } from 'cheerio';
import {
  absoluteUrl,
  assignedJson,
  at,
  cleanText,
  emptyFacts,
  findObject,
  type ProductFacts,
} from './product-facts.js';

/**
 * Page data of shops whose product pages carry more than their meta tags, read from what the public pages
 * expose: server-rendered state objects (Musinsa `window.__MSS__.product.state` / `__NEXT_DATA__`, Naver
 * smart store `window.__PRELOADED_STATE__`, Next.js `__NEXT_DATA__` at 29CM, W Concept and Zigzag) and the
 * product headings of SSG and Coupang. A reader returns null when the page is not what it expects.
 */
interface PageContext {
  $: CheerioAPI;
  html: string;
  url: string;
  /** The parsed `__NEXT_DATA__` script, parsed once for all readers. */
  nextData(): unknown;
}

interface ShopReader {
  key: string;
  hosts: RegExp;
  read(ctx: PageContext): ProductFacts | null;
}

const text = (v: unknown) => cleanText(v);

function parseNextData($: CheerioAPI): unknown {
  const raw = $('script#__NEXT_DATA__').first().text();
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function pushImage(facts: ProductFacts, value: unknown, base: string) {
  const url = absoluteUrl(value, base);
  if (url && !facts.images.includes(url)) facts.images.push(url);
}

function pushCategories(facts: ProductFacts, ...values: unknown[]) {
  for (const v of values) {
    const t = text(v);
    if (t) facts.categories.push(...t.split(/\s*>\s*/).filter(Boolean));
  }
}

/** Musinsa: `goodsNm`, `thumbnailImageUrl` (relative to its image CDN), category depths, `goodsMaterial`. */
const musinsa: ShopReader = {
  key: 'musinsa',
  hosts: /(^|\.)musinsa\.com$/,
  read({ html, url, nextData }) {
    const state =
      (assignedJson(html, 'window.__MSS__.product.state') as Record<string, unknown> | undefined) ??
      (at(nextData(), 'props', 'pageProps', 'meta', 'data') as Record<string, unknown> | undefined) ??
      findObject(nextData(), (o) => typeof o.goodsNm === 'string');
    if (!state || typeof state.goodsNm !== 'string') return null;
    const facts = emptyFacts('musinsa');
    facts.name = text(state.goodsNm);
    const cdn = 'https://image.msscdn.net';
    const image = (v: unknown) =>
      typeof v === 'string' && v.startsWith('/') && !v.startsWith('//') ? `${cdn}${v}` : v;
    pushImage(facts, image(state.thumbnailImageUrl), url);
    for (const g of Array.isArray(state.goodsImages) ? state.goodsImages : [])
      pushImage(facts, image(at(g, 'imageUrl')), url);
    const category = state.category as Record<string, unknown> | undefined;
    pushCategories(
      facts,
      category?.categoryDepth1Name,
      category?.categoryDepth2Name,
      category?.categoryDepth3Name,
    );
    if (facts.categories.length === 0) pushCategories(facts, state.baseCategoryFullPath);
    // "두께: 보통", "계절: 봄, 가을", "핏", "촉감" … each with the selected items flagged.
    for (const material of (at(state, 'goodsMaterial', 'materials') as unknown[] | undefined) ?? []) {
      const items = at(material, 'items');
      for (const item of Array.isArray(items) ? items : []) {
        if (at(item, 'isSelected') === true) {
          const t = text(at(item, 'name'));
          if (t) facts.hints.push(t);
        }
      }
    }
    return facts;
  },
};

/** Naver smart store and brand store: `product.A` (older pages: `simpleProductForDetailPage.A`). */
const naverSmartStore: ShopReader = {
  key: 'naver-smartstore',
  hosts: /(^|\.)(smartstore|brand|shopping)\.naver\.com$/,
  read({ html, url }) {
    const state = assignedJson(html, 'window.__PRELOADED_STATE__');
    const product =
      (at(state, 'product', 'A') as Record<string, unknown> | undefined) ??
      (at(state, 'simpleProductForDetailPage', 'A') as Record<string, unknown> | undefined) ??
      findObject(
        state,
        (o) => typeof o.name === 'string' && (Boolean(o.representImage) || Array.isArray(o.productImages)),
      );
    if (!product || typeof product.name !== 'string') return null;
    const facts = emptyFacts('naver-smartstore');
    facts.name = text(product.dispName) ?? text(product.name);
    pushImage(facts, at(product, 'representImage', 'url'), url);
    const images = Array.isArray(product.productImages)
      ? (product.productImages as Record<string, unknown>[])
      : [];
    for (const img of [...images].sort(
      (a, b) => Number(b.imageType === 'REPRESENTATIVE') - Number(a.imageType === 'REPRESENTATIVE'),
    )) {
      pushImage(facts, img.url, url);
    }
    const whole = at(product, 'category', 'wholeCategoryName');
    if (whole) pushCategories(facts, whole);
    else pushCategories(facts, at(product, 'category', 'categoryName'));
    return facts;
  },
};

const NAME_KEYS = ['itemName', 'productName', 'goodsName', 'goodsNm', 'itemNm', 'name'];
const IMAGE_KEYS = [
  'mainImageUrl',
  'imageUrl',
  'thumbnailUrl',
  'thumbnailImageUrl',
  'itemImageUrl',
  'productImageUrl',
  'representImageUrl',
  'imgUrl',
];
const CATEGORY_KEYS = [
  'categoryName',
  'category1Name',
  'category2Name',
  'category3Name',
  'frontCategoryName',
  'largeCategoryName',
  'mediumCategoryName',
  'smallCategoryName',
];

/**
 * Next.js product state (`__NEXT_DATA__`) of shops that keep the product as one object with a name and an
 * image field under varying keys. `imageBase` completes CDN-relative paths (empty: relative to the page).
 */
function nextDataReader(
  key: string,
  hosts: RegExp,
  imageBase: string,
  isProduct: (o: Record<string, unknown>) => boolean,
): ShopReader {
  return {
    key,
    hosts,
    read({ url, nextData }) {
      const product = findObject(nextData(), isProduct);
      if (!product) return null;
      const facts = emptyFacts(key);
      for (const k of NAME_KEYS) {
        const t = text(product[k]);
        if (t) {
          facts.name = t;
          break;
        }
      }
      if (!facts.name) return null;
      const image = (v: unknown) =>
        imageBase && typeof v === 'string' && v.startsWith('/') && !v.startsWith('//')
          ? `${imageBase}${v}`
          : v;
      for (const k of IMAGE_KEYS) pushImage(facts, image(product[k]), url);
      // Zigzag: product_image_list [{url, image_type: MAIN | …}]
      const list = product.product_image_list ?? product.images ?? product.itemImages;
      if (Array.isArray(list)) {
        const sorted = [...(list as Record<string, unknown>[])].sort(
          (a, b) => Number(b?.image_type === 'MAIN') - Number(a?.image_type === 'MAIN'),
        );
        for (const img of sorted)
          pushImage(facts, image(typeof img === 'string' ? img : (img?.url ?? img?.imageUrl)), url);
      }
      pushCategories(facts, ...CATEGORY_KEYS.map((k) => product[k]));
      const managed = product.managed_category_list;
      if (Array.isArray(managed)) pushCategories(facts, ...managed.map((c) => at(c, 'value')));
      for (const k of ['color', 'colorName', 'material']) {
        const t = text(product[k]);
        if (t) facts.hints.push(t);
      }
      return facts;
    },
  };
}

const hasAny = (o: Record<string, unknown>, keys: string[]) =>
  keys.some((k) => typeof o[k] === 'string' && o[k] !== '');

const twentyNineCm = nextDataReader(
  '29cm',
  /(^|\.)29cm\.co\.kr$/,
  'https://img.29cm.co.kr',
  (o) => hasAny(o, ['itemName']) && hasAny(o, IMAGE_KEYS),
);
const wConcept = nextDataReader(
  'wconcept',
  /(^|\.)wconcept\.co\.kr$/,
  'https://image.wconcept.co.kr',
  (o) => hasAny(o, ['itemName', 'productName']) && hasAny(o, IMAGE_KEYS),
);
const zigzag = nextDataReader(
  'zigzag',
  /(^|\.)zigzag\.kr$/,
  // Zigzag's image URLs are absolute; anything relative resolves against the page.
  '',
  (o) => typeof o.name === 'string' && Array.isArray(o.product_image_list),
);

/** Product headings of server-rendered pages. */
function domReader(
  key: string,
  hosts: RegExp,
  selectors: { name: string[]; image: string[]; categories?: string },
): ShopReader {
  return {
    key,
    hosts,
    read({ $, url }) {
      const facts = emptyFacts(key);
      for (const s of selectors.name) {
        const t = text($(s).first().text());
        if (t) {
          facts.name = t;
          break;
        }
      }
      if (!facts.name) return null;
      for (const s of selectors.image) {
        const el = $(s).first();
        pushImage(facts, el.attr('data-src') ?? el.attr('src'), url);
      }
      if (selectors.categories) {
        $(selectors.categories).each((_, el) => {
          pushCategories(facts, $(el).text());
        });
      }
      return facts;
    },
  };
}

const ssg = domReader('ssg', /(^|\.)ssg\.com$/, {
  name: ['.cdtl_info_tit_txt', 'h2.cdtl_info_tit', '.cdtl_info_tit_name'],
  image: ['img.zoom_thumb', '.cdtl_item_image img'],
});

const coupang = domReader('coupang', /(^|\.)coupang\.com$/, {
  name: ['h1.prod-buy-header__title', 'h2.prod-buy-header__title', '.prod-buy-header__title'],
  image: ['img.prod-image__detail', '.prod-image__item img'],
  categories: '#breadcrumb .breadcrumb-link',
});

const READERS: readonly ShopReader[] = [
  musinsa,
  naverSmartStore,
  twentyNineCm,
  wConcept,
  zigzag,
  ssg,
  coupang,
];

/**
 * Shop page data: the reader of the page's host first (`musinsa.com.evil.test` is not Musinsa), then the
 * others by structure, since shops also serve pages from other hosts (mobile, brand and short-link domains).
 * Every reader returns null unless the page holds its exact structure.
 */
export function readShopData(page: { $: CheerioAPI; html: string; url: string }): ProductFacts | null {
  let parsed: unknown;
  let done = false;
  const ctx: PageContext = {
    ...page,
    nextData: () => {
      if (!done) [parsed, done] = [parseNextData(page.$), true];
      return parsed;
    },
  };
  let host = '';
  try {
    host = new URL(page.url).hostname.toLowerCase();
  } catch {
    /* structure alone decides */
  }
  const ordered = [...READERS].sort((a, b) => Number(b.hosts.test(host)) - Number(a.hosts.test(host)));
  for (const reader of ordered) {
    try {
      const facts = reader.read(ctx);
      if (facts) return facts;
    } catch {
      /* a page that only looks like this shop's */
    }
  }
  return null;
}
