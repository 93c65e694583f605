import type { FastifyBaseLogger } from 'fastify';
import { ko, type ClothesExtractionDto } from '@otboo/contract';
import { PageFetchError, type PageFetcher } from '../../../adapters/page-fetcher/page-fetcher.js';
import { fileUrl, type Storage } from '../../../adapters/storage/storage.js';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError, badGateway, badRequest, tooManyRequests } from '../../../lib/errors.js';
import type { AttributeDefsRepo } from '../attribute-defs.repo.js';
import { toAttributeDefDto } from '../attribute-defs.service.js';
import { storeImportedImage } from '../clothes.images.js';
import { guessAttributes } from './guess-attributes.js';

export interface ExtractionServiceDeps {
  db: Db;
  fetcher: PageFetcher;
  storage: Storage;
  attributeDefsRepo: AttributeDefsRepo;
  log: FastifyBaseLogger;
}

/** The whole import answers within the web app's 10 s request timeout: page ≤ 5 s, then the photo in what is left. */
const TOTAL_BUDGET_MS = 8_000;
const IMAGE_CANDIDATES = 3;
/** Each import holds sockets and a decode; a user gets two at once, the instance sixteen. */
const PER_USER = 2;
const PER_INSTANCE = 16;

function fetchError(err: unknown): AppError {
  if (!(err instanceof PageFetchError)) return badGateway(ko.clothes.urlFetchFailed, 'LinkImportException');
  switch (err.kind) {
    case 'invalid-url':
      return badRequest(ko.clothes.urlInvalid, { url: ko.clothes.urlInvalid }, 'InvalidUrlException');
    case 'blocked':
      return badRequest(ko.clothes.urlBlocked, { url: ko.clothes.urlBlocked }, 'BlockedUrlException');
    case 'timeout':
      return badGateway(ko.clothes.urlTimeout, 'LinkImportException');
    case 'too-large':
      return badGateway(ko.clothes.urlTooLarge, 'LinkImportException');
    case 'not-html':
      return badGateway(ko.clothes.urlNotHtml, 'LinkImportException');
    default:
      return badGateway(ko.clothes.urlFetchFailed, 'LinkImportException');
  }
}

/** What users paste: a URL, or a shop address without its scheme (`www.musinsa.com/products/1`). */
function normalizeUrl(raw: string): string {
  const text = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return text;
  if (/^[\w-]+(\.[\w-]+)+(:\d+)?([/?#]|$)/.test(text)) return `https://${text}`;
  return text;
}

/**
 * Link import: reads a product page through the SSRF-safe fetcher and guesses name, type and attribute values;
 * the product photo is downloaded the same way, re-encoded and stored under `imports/` so the browser can show
 * it from our origin and upload it again with the garment.
 */
export function createExtractionService({
  db,
  fetcher,
  storage,
  attributeDefsRepo,
  log,
}: ExtractionServiceDeps) {
  const running = new Map<string, number>();
  let total = 0;

  async function importImage(
    owner: string,
    candidates: readonly string[],
    pageUrl: string,
    deadline: number,
  ): Promise<string | null> {
    for (const candidate of candidates.slice(0, IMAGE_CANDIDATES)) {
      const left = deadline - Date.now();
      if (left < 500) return null;
      try {
        const image = await fetcher.fetchImage(candidate, { timeoutMs: left, referer: pageUrl });
        return await storeImportedImage(storage, image.body, owner);
      } catch (err) {
        // The garment can be saved without the photo; the next candidate may work.
        log.debug({ err, candidate }, 'link import image skipped');
      }
    }
    return null;
  }

  async function extract(owner: string, url: string): Promise<ClothesExtractionDto> {
    const deadline = Date.now() + TOTAL_BUDGET_MS;
    let page;
    try {
      page = await fetcher.fetchPage(normalizeUrl(url));
    } catch (err) {
      throw fetchError(err);
    }
    // The HTML parser (cheerio) loads on the first import, not at every server start.
    const { readProductPage } = await import('./product-page.js');
    const product = readProductPage(page.html, page.url);
    if (!product.name) {
      throw badGateway(
        page.truncated ? ko.clothes.urlTooLarge : ko.clothes.urlNoProduct,
        'LinkImportException',
      );
    }
    const definitions = (
      await attributeDefsRepo.list(db, { sortBy: 'name', sortDirection: 'ASCENDING' })
    ).map(toAttributeDefDto);
    const imageKey = await importImage(owner, product.images, page.url, deadline);
    return {
      name: product.name,
      type: product.type,
      imageUrl: fileUrl(imageKey),
      attributes: guessAttributes(definitions, product.attributeTexts),
      source: product.source,
    };
  }

  return {
    async extract(actor: Actor, url: string): Promise<ClothesExtractionDto> {
      const mine = running.get(actor.userId) ?? 0;
      if (mine >= PER_USER || total >= PER_INSTANCE) throw tooManyRequests();
      running.set(actor.userId, mine + 1);
      total++;
      try {
        return await extract(actor.userId, url);
      } finally {
        total--;
        const left = (running.get(actor.userId) ?? 1) - 1;
        if (left > 0) running.set(actor.userId, left);
        else running.delete(actor.userId);
      }
    },
  };
}
export type ExtractionService = ReturnType<typeof createExtractionService>;
