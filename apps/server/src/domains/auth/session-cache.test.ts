import { describe, expect, it } from 'vitest';
import { createSessionCache, type SessionState } from './session-cache.js';

const state = (userId: string): SessionState => ({
  userId,
  role: 'USER',
  locked: false,
  revokedAt: null,
  expiresAt: new Date(Date.now() + 60_000),
});

describe('session cache', () => {
  it('remembers a state until it is evicted by session or by user', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.remember('s1', state('u1'), cache.epoch());
    cache.remember('s2', state('u1'), cache.epoch());
    cache.remember('s3', state('u2'), cache.epoch());
    expect(cache.get('s1')?.userId).toBe('u1');
    cache.forgetSession('s1');
    expect(cache.get('s1')).toBeUndefined();
    cache.forgetUser('u1');
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s3')?.userId).toBe('u2');
  });

  it('drops a load that raced with an eviction', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 });
    const loadEpoch = cache.epoch();
    // The revocation commits and evicts while the load is still reading the old state.
    cache.forgetUser('u1');
    cache.remember('s1', state('u1'), loadEpoch);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('expires entries after the TTL and stays within its size', async () => {
    const cache = createSessionCache({ ttlMs: 20, maxEntries: 2 });
    cache.remember('a', state('u'), cache.epoch());
    cache.remember('b', state('u'), cache.epoch());
    cache.remember('c', state('u'), cache.epoch());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    await new Promise((r) => setTimeout(r, 40));
    expect(cache.get('c')).toBeUndefined();
  });
});
