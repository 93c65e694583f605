import type { FastifyBaseLogger } from 'fastify';
import { LRUCache, type Perf } from 'lru-cache';
import type { FeedListQuery } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import { withLargeCountSettings } from '../../db/planner.js';
import { searchTerm } from '../../lib/text-search.js';
import type { FeedFilters, FeedPagePlan, FeedRow, FeedsRepo } from './feeds.repo.js';

/** Estimated matches up to which a keyword's total is counted on the spot. */
export const EXACT_COUNT_LIMIT = 5_000;
/** Totals up to this are recounted on every request (cheap), so small searches are always exact. */
export const ALWAYS_EXACT_UP_TO = 200;
const TTL_MS = 30_000;
const MAX_SEARCHES = 1_000;

/** The cache settings shared by what is remembered here: 30 s, at most MAX_SEARCHES entries. */
function remembering(clock: Perf) {
  // ttlResolution 0: the age is read on every check, as Date.now() was before, so an answer is reused for 30 s and
  // no longer (and a test's clock may jump between two reads).
  return { max: MAX_SEARCHES, ttl: TTL_MS, ttlResolution: 0, perf: clock };
}

/**
 * The feed list, decided in one place: the contract's query comes in once and this unit works out the filters,
 * the page plan and how totalCount is answered; the repo only runs the SQL it is given.
 *
 * Without a keyword the page is a prepared keyset walk and its totalCount is exact on every request
 * (feed_counts, or the author index). With a keyword, counting every match is the expensive part of a search: a
 * two-letter word like '코트' is in 13% of a million posts, and counting them reads ≈135,000 rows (≈300 ms, more
 * than a whole page budget). So:
 *
 * - A search with at most ALWAYS_EXACT_UP_TO matches is counted exactly on every request. Beyond that, the exact
 *   count taken for this search (same keyword and filters) in the last 30 s is reused. Without one, the best
 *   guess of the size (that recent count, else the planner's estimate: an EXPLAIN, no scan) decides: up to
 *   EXACT_COUNT_LIMIT the count runs through the content index on the spot; above it the answer is the previous
 *   exact count, else the estimate, while one exact count runs in the background (one at a time, statement
 *   timeout 20 s). So a search repeated or paged through reports the exact number of matches as of at most 30 s
 *   ago (exact now when small), and only the first request for a new, very common keyword reports an estimate.
 * - The same numbers pick the page plan: when walking the sort index finds `limit` matches sooner than
 *   collecting every candidate from the content index (matches² > (limit + 1) · feeds / 2), the keyword is
 *   checked row by row instead (containsText `index: false`). That plan is the same whatever the word, so it
 *   runs prepared; the content index's plan depends on the word (a generic one would guess thousands of
 *   candidates and go parallel), so it does not.
 *
 * - Through the content index a page is two statements (FeedsRepo.keywordPage): the page's ids, planned for the
 *   word, carrying the count when it is taken on the spot; then the feeds by id, prepared. Planning the page's
 *   joins for every search cost more than running it.
 *
 * A new keyword costs four or five statements: the users it names, the estimate, the page (one or two) and
 * (when small) the count; the number of feeds the plan compares against is shared by every search for 30 s. The users whose name
 * contains a keyword are remembered for 30 s as well (a rename shows in searches within 30 s). What is
 * remembered lives in this process (each instance keeps its own), at most MAX_SEARCHES searches and keywords.
 */
export function createFeedList({
  db,
  feedsRepo,
  log,
  clock = performance,
}: {
  db: Db;
  feedsRepo: FeedsRepo;
  log: FastifyBaseLogger;
  /** What the 30 s are measured on; a test passes its fake clock. */
  clock?: Perf;
}) {
  // A fetch() of a missing or stale entry runs its fetchMethod once for every caller asking meanwhile (one
  // statement); a failed load is not kept.
  /** Users whose name contains a keyword (see FeedFilters.keywordAuthorIds); false when none does. */
  const authors = new LRUCache<string, readonly string[] | false, string>({
    ...remembering(clock),
    fetchMethod: async (_key, _stale, { context }) => (await feedsRepo.authorIdsNamed(db, context)) ?? false,
  });
  /** The planner's estimate of a search's matches, by searchKey. */
  const estimates = new LRUCache<string, number, FeedFilters>({
    ...remembering(clock),
    fetchMethod: (_key, _stale, { context }) => feedsRepo.estimateMatches(db, context),
  });
  /**
   * The last exact count of a search, by searchKey. Fresh for 30 s; past that it is still read (and kept) as the
   * best answer while a new count runs.
   */
  const counts = new LRUCache<string, number>({ ...remembering(clock), noDeleteOnStaleGet: true });
  /** Feeds in all: what the page plan weighs a search's matches against. */
  const feedTotal = new LRUCache<'all', number>({
    ...remembering(clock),
    max: 1,
    fetchMethod: () => feedsRepo.count(db, {}, { prepared: true }),
  });
  let backgroundBusy = false;

  /** Users whose name contains the keyword, remembered for 30 s. */
  async function authorIds(term: string): Promise<readonly string[] | undefined> {
    const ids = await authors.forceFetch(term.toLowerCase(), { context: term });
    return ids === false ? undefined : ids;
  }

  async function filtersOf(q: FeedListQuery): Promise<FeedFilters> {
    const keyword = searchTerm(q.keywordLike);
    return {
      keyword,
      keywordAuthorIds: keyword === undefined ? undefined : await authorIds(keyword),
      skyStatusEqual: q.skyStatusEqual,
      precipitationTypeEqual: q.precipitationTypeEqual,
      authorIdEqual: q.authorIdEqual,
    };
  }

  /** One search: the same keyword and filters. */
  const searchKey = (f: FeedFilters) =>
    JSON.stringify([f.keyword?.toLowerCase(), f.skyStatusEqual, f.precipitationTypeEqual, f.authorIdEqual]);

  const estimateOf = (f: FeedFilters) => estimates.forceFetch(searchKey(f), { context: f });

  function countInBackground(f: FeedFilters) {
    if (backgroundBusy) return;
    backgroundBusy = true;
    withLargeCountSettings(db, async (tx) => {
      counts.set(searchKey(f), await feedsRepo.count(tx, f, { prepared: false }));
    })
      .catch((err: unknown) => log.warn({ err }, 'background feed count failed'))
      .finally(() => {
        backgroundBusy = false;
      });
  }

  /**
   * Whether the page query should use the content index for this keyword search. Decided on the exact count
   * once one was taken (the planner's estimate can be 10x off either way: a rare word matching one of the
   * content histogram's 100 sample values reads as 1% of the posts), else on the estimate.
   */
  async function useIndex(f: FeedFilters, limit: number): Promise<boolean> {
    const [matches, total] = await Promise.all([
      counts.get(searchKey(f)) ?? estimateOf(f),
      feedTotal.forceFetch('all'),
    ]);
    return matches * matches <= ((limit + 1) * total) / 2;
  }

  async function pagePlanOf(f: FeedFilters, q: FeedListQuery): Promise<FeedPagePlan> {
    const keywordIndex = f.keyword === undefined || (await useIndex(f, q.limit));
    return {
      filters: f,
      sortBy: q.sortBy,
      sortDirection: q.sortDirection,
      cursor: q.cursor,
      idAfter: q.idAfter,
      limit: q.limit,
      keywordIndex,
      prepared: f.keyword === undefined || !keywordIndex,
    };
  }

  /**
   * totalCount of a keyword search when it is known without counting now (as described above), or undefined
   * when it is to be counted on the spot.
   */
  async function knownCountOf(f: FeedFilters): Promise<number | undefined> {
    const recent = counts.get(searchKey(f));
    if (recent !== undefined && recent > ALWAYS_EXACT_UP_TO) return recent;
    // A recent exact count is a better guide than the planner's estimate.
    const matches = recent ?? (await estimateOf(f));
    if (matches <= EXACT_COUNT_LIMIT) return undefined;
    countInBackground(f);
    return counts.get(searchKey(f), { allowStale: true }) ?? matches;
  }

  function counted(f: FeedFilters, value: number): number {
    counts.set(searchKey(f), value);
    return value;
  }

  return {
    /** One page of the list (`limit + 1` rows, see FeedsRepo.pageQuery) and its totalCount. */
    async read(viewerId: string, q: FeedListQuery): Promise<{ rows: FeedRow[]; totalCount: number }> {
      const filters = await filtersOf(q);
      if (filters.keyword === undefined) {
        const rows = await feedsRepo.page(db, viewerId, await pagePlanOf(filters, q));
        // The page's statement counts too (FeedsRepo.page); past the last page no row carries the count.
        return {
          rows,
          totalCount: rows[0]?.total ?? (await feedsRepo.count(db, filters, { prepared: true })),
        };
      }
      const [plan, known] = await Promise.all([pagePlanOf(filters, q), knownCountOf(filters)]);
      if (plan.keywordIndex) {
        // The count to take now rides along with the page's ids (FeedsRepo.keywordPage): one round trip.
        const page = await feedsRepo.keywordPage(db, viewerId, plan, known === undefined);
        return { rows: page.rows, totalCount: known ?? counted(filters, page.total ?? 0) };
      }
      const [rows, totalCount] = await Promise.all([
        feedsRepo.page(db, viewerId, plan),
        known ?? feedsRepo.count(db, filters, { prepared: false }).then((n) => counted(filters, n)),
      ]);
      return { rows, totalCount };
    },

    /** The page plan `read` would use for `q` now. */
    async pagePlan(q: FeedListQuery): Promise<FeedPagePlan> {
      return pagePlanOf(await filtersOf(q), q);
    },

    /**
     * The statement of the page `read` would run for `q` now, unexecuted, with whether it reads the content index
     * (the feeds benchmark EXPLAINs it). A keyword page through the index runs as two statements
     * (FeedsRepo.keywordPage); this one holds the same word-dependent part, so its plan shows how the ids are found.
     */
    async pageStatement(viewerId: string, q: FeedListQuery) {
      const plan = await pagePlanOf(await filtersOf(q), q);
      return { ...feedsRepo.pageQuery(db, viewerId, plan).toSQL(), keywordIndex: plan.keywordIndex };
    },
  };
}
export type FeedList = ReturnType<typeof createFeedList>;
