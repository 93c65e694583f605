import { LRUCache } from 'lru-cache';
import type { Role } from '@otboo/contract';

/** What every request checks about its access token's session. */
export interface SessionState {
  userId: string;
  role: Role;
  locked: boolean;
  revokedAt: Date | null;
  expiresAt: Date;
}

export interface SessionCacheOptions {
  /**
   * How long a loaded state is trusted without asking the database again. Changes made through this
   * service evict at once (here, and on other instances through the event bus); the TTL only bounds how
   * long an instance that missed a bus message could serve a stale state.
   */
  ttlMs: number;
  maxEntries: number;
}

/**
 * Per-process memory of session states, so a signed-in request costs no database round trip.
 *
 * Loads race with evictions: a load that started before a revocation committed may finish after the eviction
 * with the old state. Each load therefore notes the eviction epoch when it starts and is kept only if no
 * eviction happened meanwhile.
 */
export function createSessionCache({ ttlMs, maxEntries }: SessionCacheOptions) {
  const entries = new LRUCache<string, SessionState>({ max: maxEntries, ttl: ttlMs });
  let epoch = 0;

  return {
    /** A fresh cached state, or undefined. */
    get(sessionId: string): SessionState | undefined {
      return entries.get(sessionId);
    },

    /** Call before reading the database; pass the result to `remember`. */
    epoch: () => epoch,

    remember(sessionId: string, state: SessionState, loadEpoch: number): void {
      if (loadEpoch !== epoch) return;
      entries.set(sessionId, state);
    },

    forgetSession(sessionId: string): void {
      epoch++;
      entries.delete(sessionId);
    },

    /** Forgets everything (the bus lost messages while it reconnected). */
    clear(): void {
      epoch++;
      entries.clear();
    },

    forgetUser(userId: string): void {
      epoch++;
      const theirs = [...entries.entries()].filter(([, state]) => state.userId === userId);
      for (const [sessionId] of theirs) entries.delete(sessionId);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
