import { describe, expect, it } from 'vitest';
import { createTokenBuckets } from './token-buckets.js';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('token buckets', () => {
  it('grants a burst, then refuses with the wait until the next token, which refills at the sustained rate', () => {
    const c = clock();
    const buckets = createTokenBuckets({ burst: 3, perMinute: 60, maxKeys: 10, now: c.now });
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 0]);
    expect(buckets.take('a')).toBe(1000);
    c.advance(400);
    expect(buckets.take('a')).toBe(600);
    c.advance(600);
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(1000);
  });

  it('refills up to the burst only, and keeps keys apart', () => {
    const c = clock();
    const buckets = createTokenBuckets({ burst: 2, perMinute: 60, maxKeys: 10, now: c.now });
    buckets.take('a');
    buckets.take('a');
    expect(buckets.take('b')).toBe(0);
    c.advance(60_000);
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 1000]);
  });

  it('refusals spend nothing: a client that keeps knocking still gets its token on time', () => {
    const c = clock();
    const buckets = createTokenBuckets({ burst: 1, perMinute: 1, maxKeys: 10, now: c.now });
    expect(buckets.take('a')).toBe(0);
    for (let i = 0; i < 100; i++) {
      c.advance(500);
      expect(buckets.take('a')).toBeGreaterThan(0);
    }
    // 50 s of knocking and 10 s more: one token per minute is due.
    c.advance(10_001);
    expect(buckets.take('a')).toBe(0);
  });

  it('holds at most maxKeys buckets, forgetting the least recently used (which then starts full)', () => {
    const c = clock();
    const buckets = createTokenBuckets({ burst: 1, perMinute: 1, maxKeys: 2, now: c.now });
    buckets.take('a');
    buckets.take('b');
    expect(buckets.take('a')).toBeGreaterThan(0);
    buckets.take('c');
    expect(buckets.size).toBe(2);
    expect(buckets.take('b')).toBe(0);
    expect(buckets.take('a')).toBe(0);
  });
});
