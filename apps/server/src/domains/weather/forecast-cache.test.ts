import type { WeatherDto } from '@otboo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ProviderError } from '../../adapters/weather/weather-provider.js';
import { seoulParts } from '../../lib/seoul-time.js';
import { serviceUnavailable } from '../../lib/errors.js';
import { createForecastCache, type ForecastAnswer, type ForecastCacheDeps } from './forecast-cache.js';

const noop = () => {};
const silentLog = { warn: noop, info: noop, debug: noop, error: noop } as unknown as FastifyBaseLogger;
const cell = { x: 60, y: 127 };
const day = (source: string, stale = false) => ({ source, stale }) as unknown as WeatherDto;
const today = () => seoulParts(Date.now()).date;
const answer = (days: WeatherDto[], ms = 60_000): ForecastAnswer => ({
  today: today(),
  expiresAt: Date.now() + ms,
  days,
});
const failure = () => new ProviderError('open-meteo', 'http', 'down');

/** A promise the test settles. */
function gate<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function cache(overrides: Partial<ForecastCacheDeps>) {
  return createForecastCache({
    load: () => Promise.reject(new Error('no load')),
    fallback: () => Promise.reject(new Error('no fallback')),
    log: silentLog,
    maxCells: 10,
    ...overrides,
  });
}

describe('forecast cache', () => {
  it('runs one load for concurrent callers of a cell and remembers its answer', async () => {
    const loaded = gate<ForecastAnswer>();
    const load = vi.fn(() => loaded.promise);
    const c = cache({ load });
    const calls = [c.forecast(cell), c.forecast(cell), c.forecast(cell)];
    loaded.resolve(answer([day('open-meteo')]));
    const results = await Promise.all(calls);
    expect(new Set(results).size).toBe(1);
    await c.forecast(cell);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('falls back when the provider fails, and remembers the 503 as long as it holds', async () => {
    const error = serviceUnavailable('down');
    const fallback = vi.fn(() =>
      Promise.resolve<ForecastAnswer>({ today: today(), expiresAt: Date.now() + 60_000, error }),
    );
    const c = cache({ load: () => Promise.reject(failure()), fallback });
    await expect(c.forecast(cell)).rejects.toBe(error);
    await expect(c.forecast(cell)).rejects.toBe(error);
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('gives callers that joined a failing refresh the fallback, while the refresh itself fails', async () => {
    const loaded = gate<ForecastAnswer>();
    const fallback = vi.fn(() => Promise.resolve(answer([day('open-meteo', true)])));
    const c = cache({ load: () => loaded.promise, fallback });
    const refreshing = c.refresh(cell, 0);
    const asking = c.forecast(cell);
    loaded.reject(failure());
    await expect(refreshing).rejects.toBeInstanceOf(ProviderError);
    expect(await asking).toEqual([day('open-meteo', true)]);
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('keeps serving an answer that still holds while a refresh ahead of its expiry runs and fails', async () => {
    const held = [day('open-meteo')];
    const reload = gate<ForecastAnswer>();
    const load = vi.fn().mockResolvedValueOnce(answer(held, 10_000)).mockReturnValueOnce(reload.promise);
    const c = cache({ load });
    await c.forecast(cell);
    const refreshing = c.refresh(cell, 20_000);
    expect(await c.forecast(cell)).toBe(held);
    reload.reject(failure());
    await expect(refreshing).rejects.toBeInstanceOf(ProviderError);
    expect(await c.forecast(cell)).toBe(held);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('refreshes a degraded answer even when it holds', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(failure())
      .mockResolvedValueOnce(answer([day('open-meteo')]));
    const c = cache({ load, fallback: () => Promise.resolve(answer([day('climatology')])) });
    expect(await c.forecast(cell)).toEqual([day('climatology')]);
    expect(await c.refresh(cell, 0)).toEqual([day('open-meteo')]);
    expect(await c.forecast(cell)).toEqual([day('open-meteo')]);
  });

  it('idle waits for running loads', async () => {
    const loaded = gate<ForecastAnswer>();
    const c = cache({ load: () => loaded.promise });
    const asking = c.forecast(cell);
    let idle = false;
    const waiting = c.idle().then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(idle).toBe(false);
    loaded.resolve(answer([day('open-meteo')]));
    await Promise.all([asking, waiting]);
    expect(idle).toBe(true);
  });
});
