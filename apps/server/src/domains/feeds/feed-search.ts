import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { FeedFilters, FeedsRepo } from './feeds.repo.js';

/** Estimated matches up to which a keyword's total is counted on the spot. */
export const EXACT_COUNT_LIMIT = 5_000;
/** Totals up to this are recounted on every request (cheap), so small searches are always exact. */
export const ALWAYS_EXACT_UP_TO = 200;
const TTL_MS = 30_000;
const MAX_ENTRIES = 1_000;
const BACKGROUND_COUNT_TIMEOUT = '20s';

interface Entry {
  /** Planner estimate of the matches and the number of feeds, when it was taken. */
  estimate?: { matches: number; total: number; at: number };
  count?: { value: number; at: number };
}

/**
 * Plans and counts keyword searches over many feeds. Counting every match is the expensive part of a search: a
 * two-letter word like '코트' is in 13% of a million posts, and counting them reads ≈135,000 rows (≈300 ms, more
 * than a whole page budget). So:
 *
 * - Without a keyword nothing here is used: the list's totalCount is exact on every request (feed_counts, or the
 *   author index).
 * - With a keyword, a search with at most ALWAYS_EXACT_UP_TO matches is counted exactly on every request.
 *   Beyond that, the exact count taken for this search (same keyword and filters) in the last 30 s is reused.
 *   Without one, the best guess of the size (that recent count, else the planner's estimate: an EXPLAIN, no
 *   scan) decides: up to EXACT_COUNT_LIMIT the count runs through the content index on the spot; above it the
 *   answer is the previous exact count, else the estimate, while one exact count runs in the background (one at
 *   a time, statement timeout 20 s). So a search repeated or paged through reports the exact number of matches
 *   as of at most 30 s ago (exact now when small), and only the first request for a new, very common keyword
 *   reports an estimate.
 * - The same numbers pick the page plan: when walking the sort index finds `limit` matches sooner than
 *   collecting every candidate from the content index (matches² > (limit + 1) · feeds / 2), the keyword is
 *   checked row by row instead (containsText `index: false`).
 *
 * The users whose name contains a keyword are remembered for 30 s as well (a rename shows in searches within
 * 30 s). The cache lives in this process (each instance keeps its own) and holds at most MAX_ENTRIES searches.
 */
export function createFeedSearch({
  db,
  feedsRepo,
  log,
}: {
  db: Db;
  feedsRepo: FeedsRepo;
  log: FastifyBaseLogger;
}) {
  const cache = new Map<string, Entry>();
  const authors = new Map<string, { ids: string[] | undefined; at: number }>();
  let backgroundBusy = false;

  const keyOf = (f: FeedFilters) =>
    JSON.stringify([f.keyword?.toLowerCase(), f.skyStatus, f.precipitationType, f.authorId]);

  function entry(key: string): Entry {
    let e = cache.get(key);
    if (e) {
      // Most recently used last, so eviction drops the oldest search.
      cache.delete(key);
    } else {
      e = {};
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, e);
    return e;
  }

  async function estimate(f: FeedFilters, e: Entry) {
    if (e.estimate && Date.now() - e.estimate.at < TTL_MS) return e.estimate;
    const [matches, total] = await Promise.all([feedsRepo.estimateMatches(db, f), feedsRepo.count(db, {})]);
    e.estimate = { matches, total, at: Date.now() };
    return e.estimate;
  }

  function countInBackground(f: FeedFilters, e: Entry) {
    if (backgroundBusy) return;
    backgroundBusy = true;
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = '${BACKGROUND_COUNT_TIMEOUT}'`));
      // Room for an exact bitmap of every candidate: a lossy one makes PostgreSQL recompute the grams of each
      // row on a lossy page (5 s instead of 0.3 s for 135,000 matches with the default 4 MB).
      await tx.execute(sql.raw(`set local work_mem = '64MB'`));
      const [row] = await feedsRepo.countQuery(tx, f);
      e.count = { value: row?.n ?? 0, at: Date.now() };
    })
      .catch((err: unknown) => log.warn({ err }, 'background feed count failed'))
      .finally(() => {
        backgroundBusy = false;
      });
  }

  return {
    /** Users whose name contains the keyword (see FeedFilters.keywordAuthorIds), remembered for 30 s. */
    async authorIds(term: string): Promise<string[] | undefined> {
      const key = term.toLowerCase();
      const hit = authors.get(key);
      if (hit && Date.now() - hit.at < TTL_MS) return hit.ids;
      const ids = await feedsRepo.authorIdsNamed(db, term);
      if (authors.size >= MAX_ENTRIES) authors.delete(authors.keys().next().value!);
      authors.set(key, { ids, at: Date.now() });
      return ids;
    },

    /**
     * Whether the page query should use the content index for this keyword search. Decided on the exact count
     * once one was taken (the planner's estimate can be 10x off either way: a rare word matching one of the
     * content histogram's 100 sample values reads as 1% of the posts), else on the estimate.
     */
    async useIndex(f: FeedFilters, limit: number): Promise<boolean> {
      if (f.keyword === undefined) return true;
      const e = entry(keyOf(f));
      const { matches, total } = await estimate(f, e);
      const known = e.count && Date.now() - e.count.at < TTL_MS ? e.count.value : matches;
      return known * known <= ((limit + 1) * total) / 2;
    },

    /** totalCount of a keyword search, as described above. */
    async count(f: FeedFilters): Promise<number> {
      const e = entry(keyOf(f));
      const recent = e.count && Date.now() - e.count.at < TTL_MS ? e.count.value : undefined;
      if (recent !== undefined && recent > ALWAYS_EXACT_UP_TO) return recent;
      // A recent exact count is a better guide than the planner's estimate.
      const matches = recent ?? (await estimate(f, e)).matches;
      if (matches <= EXACT_COUNT_LIMIT) {
        const value = await feedsRepo.count(db, f);
        e.count = { value, at: Date.now() };
        return value;
      }
      countInBackground(f, e);
      return e.count?.value ?? matches;
    },
  };
}
export type FeedSearch = ReturnType<typeof createFeedSearch>;
