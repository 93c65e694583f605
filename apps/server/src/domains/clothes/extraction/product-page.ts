import { load } from 'cheerio';
import type { ClothesType } from '@otboo/contract';
import { guessClothesType } from './guess-type.js';
import { readJsonLd, readOpenGraph, readTitle } from './page-readers.js';
import type { ProductFacts } from './product-facts.js';
import { readShopData } from './shop-readers.js';

export interface ProductPage {
  /** Source of the name: `json-ld`, `open-graph`, a shop key or `title`. */
  source: string;
  name: string | undefined;
  type: ClothesType | null;
  /** Candidate photos, most trusted first. */
  images: string[];
  /** Texts for attribute guessing, most trusted first. */
  attributeTexts: string[];
}

/**
 * Reads a product page. Sources in order of trust: schema.org JSON-LD, Open Graph / Twitter tags, the shop's
 * own page data, then `<title>`. Each field comes from the most trusted source that has it; categories and
 * attribute words from every source are pooled.
 */
export function readProductPage(html: string, pageUrl: string): ProductPage {
  const $ = load(html);
  const sources: ProductFacts[] = [readJsonLd($, pageUrl), readOpenGraph($, pageUrl)];
  const shop = readShopData({ $, html, url: pageUrl });
  if (shop) sources.push(shop);
  sources.push(readTitle($));

  const named = sources.find((s) => s.name);
  const categories = [...new Set(sources.flatMap((s) => s.categories))];
  const images = [...new Set(sources.flatMap((s) => s.images))];
  const hints = sources.flatMap((s) => s.hints);
  const description = sources.find((s) => s.description)?.description;
  return {
    source: named?.source ?? 'title',
    name: named?.name,
    // guessClothesType reads categories from the end: most trusted source first, its deepest category first.
    type: guessClothesType({
      categories: [...sources].reverse().flatMap((s) => s.categories),
      name: named?.name,
    }),
    images,
    attributeTexts: [
      ...hints,
      ...(named?.name ? [named.name] : []),
      ...categories,
      ...(description ? [description] : []),
    ],
  };
}
