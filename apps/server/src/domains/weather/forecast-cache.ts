import type { WeatherDto } from '@otboo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { seoulParts } from '../../lib/seoul-time.js';
import { ProviderError } from '../../adapters/weather/weather-provider.js';
import type { AppError } from '../../lib/errors.js';
import { must } from '../../lib/must.js';
import type { GridCell } from './kma-grid.js';

/** A cell's answer for one Seoul day: the days, or the error every caller gets until it expires. */
export type ForecastAnswer = { today: string; expiresAt: number } & (
  { days: WeatherDto[]; error?: undefined } | { error: AppError; days?: undefined }
);

export interface ForecastCacheDeps {
  /** The stored batch when fresh for `aheadMs` more, else the provider's; ProviderError when it fails. */
  load(cell: GridCell, now: number, today: string, aheadMs: number): Promise<ForecastAnswer>;
  /** What callers get while the provider fails. */
  fallback(cell: GridCell, now: number, today: string): Promise<ForecastAnswer>;
  log: FastifyBaseLogger;
  /** Cells remembered; beyond this the least recently asked ones are read from the database again. */
  maxCells: number;
}

/**
 * What the caller that starts a load wants: an answer for a user (falls back), a scheduled refresh (does not:
 * nobody waits, and estimates are stored only when someone asks), or the fallback alone. Callers arriving
 * meanwhile share that load, whatever they wanted.
 */
type LoadRequest = { cell: GridCell; now: number; today: string } & (
  { kind: 'answer' } | { kind: 'refresh'; aheadMs: number } | { kind: 'fallback' }
);

/** Five-day answers per grid cell in memory, with one load per cell however many callers wait for it. */
export function createForecastCache(deps: ForecastCacheDeps) {
  const running = new Set<Promise<ForecastAnswer>>();

  async function run(request: LoadRequest): Promise<ForecastAnswer> {
    const { cell, now, today } = request;
    if (request.kind === 'fallback') return deps.fallback(cell, now, today);
    if (request.kind === 'refresh') return deps.load(cell, now, today, request.aheadMs);
    try {
      return await deps.load(cell, now, today, 0);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      deps.log.warn({ err, cell }, 'weather provider failed; serving the fallback');
      return deps.fallback(cell, now, today);
    }
  }

  // The request is wrapped: lru-cache's typings distribute over a union context and then accept none of it.
  const memory = new LRUCache<string, ForecastAnswer, { request: LoadRequest }>({
    max: deps.maxCells,
    // A failed load leaves the previous answer in place: a refresh ahead of its expiry may fail while it still holds.
    noDeleteOnFetchRejection: true,
    // A cell evicted during its load must not hand its waiters `undefined`: the load finishes for them.
    ignoreFetchAbort: true,
    async fetchMethod(_key, _previous, { options, context }) {
      const work = run(context.request);
      running.add(work);
      try {
        const answer = await work;
        // lru-cache's clock is not the wall clock the batches are dated by: `expiresAt` decides, ttl only frees memory.
        options.ttl = Math.max(1, answer.expiresAt - context.request.now);
        return answer;
      } finally {
        running.delete(work);
      }
    },
  });

  const keyOf = (cell: GridCell) => `${cell.x}:${cell.y}`;

  /** The remembered answer for today, unless it expires within `aheadMs`. */
  function remembered(key: string, now: number, today: string, aheadMs: number): ForecastAnswer | undefined {
    // allowStale: while a refresh runs, the answer it replaces is still served as long as it holds.
    const hit = memory.get(key, { allowStale: true });
    return hit && hit.today === today && now + aheadMs < hit.expiresAt ? hit : undefined;
  }

  async function load(request: LoadRequest): Promise<WeatherDto[]> {
    // forceRefresh: `remembered` found nothing that holds, whatever lru-cache's ttl says; a running load is joined.
    const answer = must(
      await memory.fetch(keyOf(request.cell), { forceRefresh: true, context: { request } }),
      'the fetchMethod always answers',
    );
    if (answer.error) throw answer.error;
    return answer.days;
  }

  return {
    /** Memory, else one load (stored batch, else provider, else the fallback chain) shared by every caller. */
    async forecast(cell: GridCell): Promise<WeatherDto[]> {
      const now = Date.now();
      const today = seoulParts(now).date;
      const hit = remembered(keyOf(cell), now, today, 0);
      if (hit) {
        if (hit.error) throw hit.error;
        return hit.days;
      }
      try {
        return await load({ kind: 'answer', cell, now, today });
      } catch (err) {
        // Joined a scheduled refresh, which does not fall back itself.
        if (!(err instanceof ProviderError)) throw err;
        return load({ kind: 'fallback', cell, now, today });
      }
    },

    /** Reloads a cell whose answer expires within `aheadMs` or is degraded; never falls back. */
    async refresh(cell: GridCell, aheadMs: number): Promise<WeatherDto[]> {
      const now = Date.now();
      const today = seoulParts(now).date;
      const hit = remembered(keyOf(cell), now, today, aheadMs);
      if (hit?.days && !hit.days[0]?.stale && hit.days[0]?.source !== 'climatology') return hit.days;
      return load({ kind: 'refresh', cell, now, today, aheadMs });
    },

    /** Settles when every load running now has settled. */
    async idle(): Promise<void> {
      await Promise.allSettled([...running]);
    },
  };
}
