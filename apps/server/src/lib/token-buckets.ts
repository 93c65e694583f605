import { LRUCache } from 'lru-cache';

export interface TokenBucketOptions {
  /** Tokens a full bucket holds: how many requests may come at once. */
  burst: number;
  /** Tokens added per minute: the sustained rate. */
  perMinute: number;
  /** Buckets kept at most; the least recently used goes first. */
  maxKeys: number;
  /** The clock (tests move it by hand). */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets by key, in memory and bounded. A forgotten bucket counts as full, so evicting the least
 * recently used one can only make the limit milder, never stricter; and a bucket left alone for
 * `burst / perMinute` minutes is full again anyway.
 */
export function createTokenBuckets(options: TokenBucketOptions) {
  const { burst, maxKeys } = options;
  const perMs = options.perMinute / 60_000;
  const now = options.now ?? Date.now;
  const buckets = new LRUCache<string, Bucket>({ max: maxKeys });

  return {
    /** Spends one token of `key`: 0 when granted, else the milliseconds until one is available (nothing spent). */
    take(key: string): number {
      const t = now();
      let bucket = buckets.get(key);
      if (bucket) {
        bucket.tokens = Math.min(burst, bucket.tokens + Math.max(0, t - bucket.at) * perMs);
        bucket.at = t;
      } else {
        bucket = { tokens: burst, at: t };
        buckets.set(key, bucket);
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - bucket.tokens) / perMs);
    },
    /** Buckets held now. */
    get size(): number {
      return buckets.size;
    },
  };
}
export type TokenBuckets = ReturnType<typeof createTokenBuckets>;
