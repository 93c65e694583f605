import type { CheerioAPI } from 'cheerio';
import { absoluteUrl, cleanText, emptyFacts, findObject, type ProductFacts } from './product-facts.js';

/** schema.org types we read, whatever the prefix (`Product`, `schema:Product`, `http://schema.org/Product`). */
function hasType(node: Record<string, unknown>, ...types: string[]): boolean {
  const raw = node['@type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.some((t) => typeof t === 'string' && types.includes(t.replace(/^.*[/:#]/, '')));
}

/** A schema.org text: a string, the first string of an array, or a Thing's / language value's text. */
function ldText(value: unknown): string | undefined {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) {
    for (const v of value) {
      const t = ldText(v);
      if (t) return t;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return ldText(o['@value']) ?? ldText(o.name);
  }
  return undefined;
}

/** `image` as a URL string, an array, an ImageObject (`url`/`contentUrl`) or arrays of those. */
function ldImages(value: unknown, base: string, out: string[] = []): string[] {
  if (typeof value === 'string') {
    const url = absoluteUrl(value, base);
    if (url) out.push(url);
  } else if (Array.isArray(value)) {
    for (const v of value) ldImages(v, base, out);
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    ldImages(o.contentUrl ?? o.url, base, out);
  }
  return out;
}

const ATTRIBUTE_PROPERTY =
  /색상|컬러|color|colour|소재|재질|material|fabric|계절|시즌|season|두께|thickness/i;

function ldNodes(html: CheerioAPI): unknown[] {
  const nodes: unknown[] = [];
  html('script').each((_, el) => {
    const type = (html(el).attr('type') ?? '').toLowerCase().trim();
    if (type !== 'application/ld+json') return;
    const raw = html(el).text().trim();
    if (!raw) return;
    try {
      nodes.push(JSON.parse(raw));
    } catch {
      // Shops sometimes leave raw line breaks inside strings; JSON forbids them, browsers do not care.
      try {
        // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
        nodes.push(JSON.parse(raw.replace(/[\u0000-\u001f]+/g, ' ')));
      } catch {
        /* unreadable block: other sources still count */
      }
    }
  });
  return nodes;
}

/**
 * schema.org Product in JSON-LD: top level, in arrays, in `@graph`, or nested (an Offer's `itemOffered`, a
 * page's `mainEntity`). BreadcrumbList items become categories.
 */
export function readJsonLd($: CheerioAPI, pageUrl: string): ProductFacts {
  const facts = emptyFacts('json-ld');
  for (const root of ldNodes($)) {
    const product = findObject(root, (o) =>
      hasType(o, 'Product', 'ProductGroup', 'IndividualProduct', 'ProductModel'),
    );
    if (product && !facts.name) {
      const name = ldText(product.name);
      if (name) facts.name = name;
      const variantImages = Array.isArray(product.hasVariant)
        ? product.hasVariant.map((v) => (v as Record<string, unknown>)?.image)
        : [];
      facts.images.push(...ldImages(product.image, pageUrl), ...ldImages(variantImages, pageUrl));
      const offered = findObject(product.offers, (o) => Boolean(o.image));
      if (offered) facts.images.push(...ldImages(offered.image, pageUrl));
      const category = product.category;
      for (const c of Array.isArray(category) ? category : [category]) {
        const text = ldText(c);
        if (text) facts.categories.push(...text.split(/\s*[>/]\s*/).filter(Boolean));
      }
      for (const key of ['color', 'material', 'pattern']) {
        const text = ldText(product[key]);
        if (text) facts.hints.push(text);
      }
      const properties = Array.isArray(product.additionalProperty) ? product.additionalProperty : [];
      for (const p of properties) {
        const prop = p as Record<string, unknown>;
        const label = ldText(prop.name);
        const value = ldText(prop.value);
        if (label && value && ATTRIBUTE_PROPERTY.test(label)) facts.hints.push(value);
      }
      const description = ldText(product.description);
      if (description) facts.description = description;
    }
    const crumbs = findObject(root, (o) => hasType(o, 'BreadcrumbList'));
    if (crumbs && Array.isArray(crumbs.itemListElement)) {
      const items = [...crumbs.itemListElement]
        .map((i) => i as Record<string, unknown>)
        .sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));
      for (const item of items) {
        const text = ldText(item.name) ?? ldText(item.item);
        if (text && !/^(홈|home)$/i.test(text)) facts.categories.push(text);
      }
    }
  }
  facts.images = [...new Set(facts.images)];
  return facts;
}

function meta($: CheerioAPI, ...keys: string[]): string[] {
  const out: string[] = [];
  for (const key of keys) {
    $(`meta[property="${key}"], meta[name="${key}"]`).each((_, el) => {
      const content = $(el).attr('content');
      if (content) out.push(content);
    });
  }
  return out;
}

/** Open Graph (`og:*`, `product:*`) and Twitter card tags. */
export function readOpenGraph($: CheerioAPI, pageUrl: string): ProductFacts {
  const facts = emptyFacts('open-graph');
  const name = cleanText(meta($, 'og:title', 'twitter:title')[0]);
  if (name) facts.name = name;
  const images = meta(
    $,
    'og:image:secure_url',
    'og:image',
    'og:image:url',
    'twitter:image',
    'twitter:image:src',
  )
    .map((v) => absoluteUrl(v, pageUrl))
    .filter((v): v is string => Boolean(v));
  facts.images = [...new Set(images)];
  for (const hint of meta(
    $,
    'product:color',
    'og:product:color',
    'product:material',
    'og:product:material',
  )) {
    const text = cleanText(hint);
    if (text) facts.hints.push(text);
  }
  for (const category of meta($, 'product:category', 'og:product:category')) {
    const text = cleanText(category);
    if (text) facts.categories.push(...text.split(/\s*>\s*/).filter(Boolean));
  }
  const description = cleanText(meta($, 'og:description', 'twitter:description', 'description')[0], 500);
  if (description) facts.description = description;
  return facts;
}

/** `<title>` without the shop's suffix (`코튼 셔츠 | 무신사` → `코튼 셔츠`). */
export function readTitle($: CheerioAPI): ProductFacts {
  const facts = emptyFacts('title');
  const title = cleanText($('title').first().text());
  if (title) {
    const [first] = title.split(/\s+[|\-–—:]\s+/);
    facts.name = first && first.length >= 2 ? first : title;
  }
  return facts;
}
