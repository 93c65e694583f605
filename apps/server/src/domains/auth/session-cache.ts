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
  const entries = new Map<string, { state: SessionState; loadedAt: number }>();
  let epoch = 0;

  return {
    /** A fresh cached state, or undefined. */
    get(sessionId: string): SessionState | undefined {
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (Date.now() - entry.loadedAt > ttlMs) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry.state;
    },

    /** Call before reading the database; pass the result to `remember`. */
    epoch: () => epoch,

    remember(sessionId: string, state: SessionState, loadEpoch: number): void {
      if (loadEpoch !== epoch) return;
      if (entries.size >= maxEntries) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(sessionId, { state, loadedAt: Date.now() });
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
      for (const [sessionId, entry] of entries) if (entry.state.userId === userId) entries.delete(sessionId);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
