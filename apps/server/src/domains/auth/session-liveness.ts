import type { FastifyBaseLogger } from 'fastify';
import { ko } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { unauthorized } from '../../lib/errors.js';
import { BUS_CHANNELS, type EventBus } from '../../realtime/event-bus.js';
import type { AuthRepo } from './auth.repo.js';
import { createSessionCache, type SessionState } from './session-cache.js';
import type { AccessTokens } from './tokens.js';

/** Session states are remembered this long at most (see session-cache.ts); evictions are immediate. */
const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 50_000;

/** Bus message: sessions to forget, by user or by session id. */
export interface SessionEviction {
  userId?: string;
  sessionId?: string;
}

/** The 401 of a session that was revoked, expired or no longer matches its user. */
export const sessionExpired = () => unauthorized(ko.common.sessionExpired, 'SessionExpiredException');

/** Whether a session state still admits a caller with these claims. */
function admits(state: SessionState | undefined, claims: { userId: string; role: string }): boolean {
  return (
    !!state &&
    state.userId === claims.userId &&
    !state.revokedAt &&
    state.expiresAt.getTime() > Date.now() &&
    !state.locked &&
    state.role === claims.role
  );
}

export interface SessionLivenessDeps {
  db: Db;
  authRepo: Pick<AuthRepo, 'sessionState'>;
  accessTokens: AccessTokens;
  bus: EventBus;
  log: FastifyBaseLogger;
}

/**
 * Whether a caller's session is live. Every request asks, so states are cached briefly; revocations evict them
 * here and, through the bus, on every other instance, so lock, role change and sign-out take effect at once.
 */
export function createSessionLiveness({ db, authRepo, accessTokens, bus, log }: SessionLivenessDeps) {
  const sessionCache = createSessionCache({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  });
  const stopEvictions = bus.subscribe(BUS_CHANNELS.session, (payload) => {
    const { userId, sessionId } = (payload ?? {}) as SessionEviction;
    if (typeof userId === 'string') sessionCache.forgetUser(userId);
    if (typeof sessionId === 'string') sessionCache.forgetSession(sessionId);
  });
  // Evictions published while the bus was down are lost: start over from the database.
  const stopReconnects = bus.onReconnect?.(() => sessionCache.clear());

  return {
    /** Forgets session states here at once and on every other instance through the bus; call after commit. */
    evict(eviction: SessionEviction): void {
      if (eviction.userId) sessionCache.forgetUser(eviction.userId);
      if (eviction.sessionId) sessionCache.forgetSession(eviction.sessionId);
      bus
        .publish(BUS_CHANNELS.session, eviction)
        .catch((err: unknown) => log.error({ err }, 'session eviction not published'));
    },

    /** Access token → actor, checked against the live session and user on every call. */
    async verifyAccessToken(token: string): Promise<Actor> {
      const claims = await accessTokens.verify(token);
      if (!claims) throw unauthorized(ko.auth.tokenInvalid, 'InvalidTokenException');
      let state = sessionCache.get(claims.sessionId);
      if (!state) {
        const loadEpoch = sessionCache.epoch();
        state = await authRepo.sessionState(db, claims.sessionId);
        if (state) sessionCache.remember(claims.sessionId, state, loadEpoch);
      }
      if (!admits(state, claims)) throw sessionExpired();
      return { userId: claims.userId, role: claims.role, sessionId: claims.sessionId };
    },

    /**
     * Whether an actor verified earlier is still live: same checks as `verifyAccessToken`, read from the
     * database past the cache. For connections that outlive the request that opened them (STOMP, SSE).
     */
    async isSessionLive(actor: Actor): Promise<boolean> {
      return admits(await authRepo.sessionState(db, actor.sessionId), actor);
    },

    /** Stops listening to the bus (shutdown). */
    stop(): void {
      stopEvictions();
      stopReconnects?.();
    },
  };
}
export type SessionLiveness = ReturnType<typeof createSessionLiveness>;
