import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createScheduler } from './scheduler.js';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('createScheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs after the delay, then every period, never twice at once, until stopped', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let release: () => void = () => {};
    const job = vi.fn(async () => {
      runs += 1;
      await new Promise<void>((r) => (release = r));
    });
    const scheduler = createScheduler({ name: 'test job', initialDelayMs: 1_000, periodMs: 5_000, job, log });
    scheduler.start();
    expect(vi.getTimerCount()).toBe(2);

    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // Still running at the first period: that tick is skipped.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(2);

    const stopped = scheduler.stop();
    release();
    await stopped;
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
  });

  it('does not keep the process alive and logs a failing job', async () => {
    const failing = vi.fn(async () => {
      throw new Error('boom');
    });
    const scheduler = createScheduler({
      name: 'test job',
      initialDelayMs: 1,
      periodMs: 60_000,
      job: failing,
      log,
    });
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    const interval = vi.spyOn(globalThis, 'setInterval');
    scheduler.start();
    const timers = [...timeout.mock.results, ...interval.mock.results].map((r) => r.value as NodeJS.Timeout);
    timeout.mockRestore();
    interval.mockRestore();
    expect(timers.every((t) => !t.hasRef())).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(failing).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalled();
    await scheduler.stop();
  });
});
