import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { FeedListQuery } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import { ALWAYS_EXACT_UP_TO, EXACT_COUNT_LIMIT, createFeedList } from './feed-list.js';
import type { FeedFilters, FeedPagePlan, FeedsRepo } from './feeds.repo.js';

/** A repo whose estimate and exact count the test sets, counting how often each runs (and which page ran). */
function fakeRepo(state: { estimate: number; exact: number; total: number }) {
  const calls = { estimate: 0, exact: 0, total: 0, authors: 0 };
  const pages: FeedPagePlan[] = [];
  const repo = {
    async estimateMatches() {
      calls.estimate++;
      return state.estimate;
    },
    // The background count runs it too (inside its transaction).
    async count(_db: unknown, f: FeedFilters) {
      if (f.keyword === undefined) {
        calls.total++;
        return state.total;
      }
      calls.exact++;
      return state.exact;
    },
    async authorIdsNamed() {
      calls.authors++;
      return ['a'];
    },
    async page(_db: unknown, _viewerId: string, plan: FeedPagePlan) {
      pages.push(plan);
      return [];
    },
    // A page through the content index, with the exact count in the same statement when asked for.
    async keywordPage(_db: unknown, _viewerId: string, plan: FeedPagePlan, withCount: boolean) {
      pages.push(plan);
      if (withCount) calls.exact++;
      return { rows: [], total: withCount ? state.exact : null };
    },
  } as unknown as FeedsRepo;
  const db = {
    transaction: async (fn: (tx: unknown) => Promise<void>) => fn({ execute: async () => undefined }),
  } as unknown as Db;
  const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
  // The caches age on the faked Date (see beforeEach), read when they check.
  const list = createFeedList({ db, feedsRepo: repo, log, clock: { now: () => Date.now() } });
  const query = (q: Record<string, string>) => FeedListQuery.parse(q);
  return {
    list,
    calls,
    /** totalCount of one request. */
    count: async (q: Record<string, string>) => (await list.read('viewer', query(q))).totalCount,
    /** Whether the page query of one request uses the content index. */
    useIndex: async (q: Record<string, string>) => (await list.pagePlan(query(q))).keywordIndex,
    pages,
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const coat = { keywordLike: '코트' };

describe('feed list counts and plans', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('counts small searches exactly on every request', async () => {
    const state = { estimate: 40, exact: ALWAYS_EXACT_UP_TO - 3, total: 1_000_000 };
    const { count, calls } = fakeRepo(state);
    expect(await count(coat)).toBe(ALWAYS_EXACT_UP_TO - 3);
    state.exact = ALWAYS_EXACT_UP_TO;
    expect(await count(coat)).toBe(ALWAYS_EXACT_UP_TO);
    expect(calls.exact).toBe(2);
    // The estimate is planned once per 30 s, not per request.
    expect(calls.estimate).toBe(1);
  });

  it('reuses an exact count above the always-exact size for 30 s', async () => {
    const state = { estimate: 3_000, exact: ALWAYS_EXACT_UP_TO + 500, total: 1_000_000 };
    const { count, calls } = fakeRepo(state);
    expect(await count(coat)).toBe(700);
    state.exact = 701;
    vi.advanceTimersByTime(29_000);
    expect(await count(coat)).toBe(700);
    vi.advanceTimersByTime(2_000);
    expect(await count(coat)).toBe(701);
    expect(calls.exact).toBe(2);
  });

  it('answers a very common keyword with the estimate first, then the exact count from the background', async () => {
    const state = { estimate: EXACT_COUNT_LIMIT * 30, exact: 135_324, total: 1_000_000 };
    const { count, calls } = fakeRepo(state);
    expect(await count(coat)).toBe(150_000);
    await flush();
    expect(calls.exact).toBe(1);
    expect(await count(coat)).toBe(135_324);
    // Other filters are another search.
    expect(await count({ ...coat, skyStatusEqual: 'CLEAR' })).toBe(150_000);
    await flush();
    // Stale: the previous exact count is answered while a new one runs.
    vi.advanceTimersByTime(31_000);
    state.exact = 135_400;
    expect(await count(coat)).toBe(135_324);
    await flush();
    expect(await count(coat)).toBe(135_400);
  });

  it('walks the sort index only when the keyword is common enough to fill a page quickly', async () => {
    const state = { estimate: 171_704, exact: 0, total: 1_000_000 };
    const { useIndex } = fakeRepo(state);
    expect(await useIndex({ ...coat, limit: '10' })).toBe(false);
    state.estimate = 100;
    expect(await useIndex({ keywordLike: '한정판콜라보', limit: '10' })).toBe(true);
    expect(await useIndex({ limit: '10' })).toBe(true);
    // The boundary: estimated matches² against (limit + 1) · feeds / 2.
    state.estimate = 2_000;
    expect(await useIndex({ keywordLike: '경계1', limit: '10' })).toBe(true);
    state.estimate = 3_000;
    expect(await useIndex({ keywordLike: '경계2', limit: '10' })).toBe(false);
    expect(await useIndex({ keywordLike: '경계3', limit: '100' })).toBe(true);
  });

  it('remembers which users a keyword names for 30 s', async () => {
    const { list, calls } = fakeRepo({ estimate: 1, exact: 1, total: 10 });
    const authorIds = async () => (await list.pagePlan(FeedListQuery.parse(coat))).filters.keywordAuthorIds;
    expect(await authorIds()).toEqual(['a']);
    expect(await authorIds()).toEqual(['a']);
    expect(calls.authors).toBe(1);
    vi.advanceTimersByTime(31_000);
    await authorIds();
    expect(calls.authors).toBe(2);
  });

  it('plans with the exact count once it is known', async () => {
    // A rare word the estimate takes for a common one (histogram granularity).
    const state = { estimate: 10_101, exact: 1_000, total: 1_000_000 };
    const { count, useIndex } = fakeRepo(state);
    const rare = { keywordLike: '한정판콜라보', limit: '10' };
    expect(await useIndex(rare)).toBe(false);
    expect(await count(rare)).toBe(10_101);
    await flush();
    expect(await count(rare)).toBe(1_000);
    expect(await useIndex(rare)).toBe(true);
  });

  it('plans a new keyword with one estimate, and counts the feeds once for every search', async () => {
    const state = { estimate: 40, exact: 40, total: 1_000_000 };
    const { count, calls, pages } = fakeRepo(state);
    // The page plan and the count of one request share the estimate.
    await count(coat);
    expect(calls.estimate).toBe(1);
    await count({ keywordLike: '니트' });
    expect(calls.estimate).toBe(2);
    expect(calls.total).toBe(1);
    vi.advanceTimersByTime(31_000);
    await count({ keywordLike: '셔츠' });
    expect(calls.total).toBe(2);
    // Through the content index, so not prepared; a list without a keyword is.
    expect(pages.at(-1)).toMatchObject({ keywordIndex: true, prepared: false });
    await count({});
    expect(pages.at(-1)).toMatchObject({ keywordIndex: true, prepared: true });
  });
});
