import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { ALWAYS_EXACT_UP_TO, EXACT_COUNT_LIMIT, createFeedSearch } from './feed-search.js';
import type { FeedFilters, FeedsRepo } from './feeds.repo.js';

/** A repo whose estimate and exact count the test sets, counting how often each runs. */
function fakeRepo(state: { estimate: number; exact: number; total: number }) {
  const calls = { estimate: 0, exact: 0 };
  const repo = {
    async estimateMatches() {
      calls.estimate++;
      return state.estimate;
    },
    async count(_db: unknown, f: FeedFilters) {
      if (f.keyword === undefined) return state.total;
      calls.exact++;
      return state.exact;
    },
    // The background count runs the query itself (inside its transaction).
    async countQuery(_db: unknown, f: FeedFilters) {
      if (f.keyword === undefined) return [{ n: state.total }];
      calls.exact++;
      return [{ n: state.exact }];
    },
  } as unknown as FeedsRepo;
  const db = {
    transaction: async (fn: (tx: unknown) => Promise<void>) => fn({ execute: async () => undefined }),
  } as unknown as Db;
  const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
  return { repo, db, log, calls };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const coat: FeedFilters = { keyword: '코트' };

describe('feed search counts and plans', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('counts small searches exactly on every request', async () => {
    const state = { estimate: 40, exact: ALWAYS_EXACT_UP_TO - 3, total: 1_000_000 };
    const { repo, db, log, calls } = fakeRepo(state);
    const search = createFeedSearch({ db, feedsRepo: repo, log });
    expect(await search.count(coat)).toBe(ALWAYS_EXACT_UP_TO - 3);
    state.exact = ALWAYS_EXACT_UP_TO;
    expect(await search.count(coat)).toBe(ALWAYS_EXACT_UP_TO);
    expect(calls.exact).toBe(2);
    // The estimate is planned once per 30 s, not per request.
    expect(calls.estimate).toBe(1);
  });

  it('reuses an exact count above the always-exact size for 30 s', async () => {
    const state = { estimate: 3_000, exact: ALWAYS_EXACT_UP_TO + 500, total: 1_000_000 };
    const { repo, db, log, calls } = fakeRepo(state);
    const search = createFeedSearch({ db, feedsRepo: repo, log });
    expect(await search.count(coat)).toBe(700);
    state.exact = 701;
    vi.advanceTimersByTime(29_000);
    expect(await search.count(coat)).toBe(700);
    vi.advanceTimersByTime(2_000);
    expect(await search.count(coat)).toBe(701);
    expect(calls.exact).toBe(2);
  });

  it('answers a very common keyword with the estimate first, then the exact count from the background', async () => {
    const state = { estimate: EXACT_COUNT_LIMIT * 30, exact: 135_324, total: 1_000_000 };
    const { repo, db, log, calls } = fakeRepo(state);
    const search = createFeedSearch({ db, feedsRepo: repo, log });
    expect(await search.count(coat)).toBe(150_000);
    await flush();
    expect(calls.exact).toBe(1);
    expect(await search.count(coat)).toBe(135_324);
    // Other filters are another search.
    expect(await search.count({ ...coat, skyStatus: 'CLEAR' })).toBe(150_000);
    await flush();
    // Stale: the previous exact count is answered while a new one runs.
    vi.advanceTimersByTime(31_000);
    state.exact = 135_400;
    expect(await search.count(coat)).toBe(135_324);
    await flush();
    expect(await search.count(coat)).toBe(135_400);
  });

  it('walks the sort index only when the keyword is common enough to fill a page quickly', async () => {
    const state = { estimate: 171_704, exact: 0, total: 1_000_000 };
    const { repo, db, log } = fakeRepo(state);
    const search = createFeedSearch({ db, feedsRepo: repo, log });
    expect(await search.useIndex(coat, 10)).toBe(false);
    state.estimate = 100;
    expect(await search.useIndex({ keyword: '한정판콜라보' }, 10)).toBe(true);
    expect(await search.useIndex({}, 10)).toBe(true);
    // The boundary: estimated matches² against (limit + 1) · feeds / 2.
    state.estimate = 2_000;
    expect(await search.useIndex({ keyword: '경계1' }, 10)).toBe(true);
    state.estimate = 3_000;
    expect(await search.useIndex({ keyword: '경계2' }, 10)).toBe(false);
    expect(await search.useIndex({ keyword: '경계3' }, 100)).toBe(true);
  });

  it('remembers which users a keyword names for 30 s', async () => {
    const { repo, db, log } = fakeRepo({ estimate: 1, exact: 1, total: 10 });
    let lookups = 0;
    (repo as { authorIdsNamed: unknown }).authorIdsNamed = async () => {
      lookups++;
      return ['a'];
    };
    const search = createFeedSearch({ db, feedsRepo: repo, log });
    expect(await search.authorIds('코트')).toEqual(['a']);
    expect(await search.authorIds('코트')).toEqual(['a']);
    expect(lookups).toBe(1);
    vi.advanceTimersByTime(31_000);
    await search.authorIds('코트');
    expect(lookups).toBe(2);
  });

  it('plans with the exact count once it is known', async () => {
    // A rare word the estimate takes for a common one (histogram granularity).
    const state = { estimate: 10_101, exact: 1_000, total: 1_000_000 };
    const { repo, db, log } = fakeRepo(state);
    const search = createFeedSearch({ db, feedsRepo: repo, log });
    const rare = { keyword: '한정판콜라보' };
    expect(await search.useIndex(rare, 10)).toBe(false);
    expect(await search.count(rare)).toBe(10_101);
    await flush();
    expect(await search.count(rare)).toBe(1_000);
    expect(await search.useIndex(rare, 10)).toBe(true);
  });
});
