import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../lib/actor.js';
import { BUS_CHANNELS, type EventBus } from './event-bus.js';

/** Long-lived connections opened by signed-in users: the STOMP broker, the SSE notification streams. */
export interface SessionBoundConnections {
  /** The actors of the connections open now (one per connection; repeats are fine). */
  actors(): Iterable<Actor>;
  /** Ends every open connection of an auth session that is no longer live. */
  endSession(sessionId: string): void;
}

export interface SessionGuardDeps {
  bus: EventBus;
  /** The session as the database has it now (not a cache). */
  isSessionLive(actor: Actor): Promise<boolean>;
  log: FastifyBaseLogger;
  /**
   * How long after an eviction a newly opened connection of that user or session is checked again: longer
   * than any connect takes between verifying its token and being registered (default 60 s).
   */
  recentMs?: number;
}

/** What the auth service publishes on `BUS_CHANNELS.session` after a change committed. */
interface SessionEviction {
  userId?: string;
  sessionId?: string;
}

const DEFAULT_RECENT_MS = 60_000;

/**
 * Ends live connections when their session ends. A connection's token is checked once, at connect; after that
 * the auth service's evictions (sign-out, lock, role change, password change; published after commit, heard by
 * every instance including the one that published) make each affected connection's session be read again from
 * the database, and the connections of a session that is no longer live are ended. A session is re-read once
 * per eviction however many connections it has.
 *
 * Connections that were being opened while an eviction went by are covered by `admit`: called once the
 * connection is registered (so later evictions find it), it re-reads the session when an eviction for that
 * user or session came recently, since the token check may have read the state from before it.
 *
 * Access token expiry does not end a connection: tokens live 15 minutes and the web client reconnects with a
 * fresh one, so a connection may outlast its token while the session behind it is live. What must end at
 * once, a session that ended, does.
 */
export function createSessionGuard({
  bus,
  isSessionLive,
  log,
  recentMs = DEFAULT_RECENT_MS,
}: SessionGuardDeps) {
  const holders: SessionBoundConnections[] = [];
  /** When each user or session was last evicted here; pruned as they age. */
  const recentUsers = new Map<string, number>();
  const recentSessions = new Map<string, number>();
  /** After the bus reconnected every eviction in between is unknown: treat everyone as evicted then. */
  let everyoneEvictedAt = -Infinity;

  function prune(now: number): void {
    for (const map of [recentUsers, recentSessions]) {
      // Maps iterate in insertion order and entries are re-inserted when refreshed: stop at the first fresh one.
      for (const [key, at] of map) {
        if (now - at <= recentMs) break;
        map.delete(key);
      }
    }
  }

  function remember(map: Map<string, number>, key: string, now: number): void {
    map.delete(key);
    map.set(key, now);
  }

  /** Re-reads each session once and ends its connections everywhere when it is no longer live. */
  async function recheck(actors: Iterable<Actor>): Promise<void> {
    const bySession = new Map<string, Actor>();
    for (const actor of actors) bySession.set(actor.sessionId, actor);
    await Promise.all(
      [...bySession.values()].map(async (actor) => {
        let live: boolean;
        try {
          live = await isSessionLive(actor);
        } catch (err) {
          // Unknown is not live: the client reconnects and its token is checked again.
          log.error({ err }, 'session re-check failed; ending its connections');
          live = false;
        }
        if (!live) for (const h of holders) h.endSession(actor.sessionId);
      }),
    );
  }

  function* affected(eviction: SessionEviction): Iterable<Actor> {
    for (const h of holders) {
      for (const actor of h.actors()) {
        if (actor.userId === eviction.userId || actor.sessionId === eviction.sessionId) yield actor;
      }
    }
  }

  const stopEvictions = bus.subscribe(BUS_CHANNELS.session, (payload) => {
    const raw = (payload ?? {}) as SessionEviction;
    const eviction: SessionEviction = {
      ...(typeof raw.userId === 'string' ? { userId: raw.userId } : {}),
      ...(typeof raw.sessionId === 'string' ? { sessionId: raw.sessionId } : {}),
    };
    if (!eviction.userId && !eviction.sessionId) return log.warn('session bus: unexpected payload');
    const now = Date.now();
    prune(now);
    if (eviction.userId) remember(recentUsers, eviction.userId, now);
    if (eviction.sessionId) remember(recentSessions, eviction.sessionId, now);
    void recheck(affected(eviction));
  });

  const stopReconnects = bus.onReconnect?.(() => {
    everyoneEvictedAt = Date.now();
    void recheck(holders.flatMap((h) => [...h.actors()]));
  });

  return {
    /** Ends this holder's connections when their sessions end. */
    watch(holder: SessionBoundConnections): void {
      holders.push(holder);
    },

    /**
     * Call once a new connection is registered with its holder: false when its session ended meanwhile (the
     * caller then ends it). Costs a database read only right after an eviction of that user or session.
     */
    async admit(actor: Actor): Promise<boolean> {
      const now = Date.now();
      const since = (at: number | undefined) => at !== undefined && now - at <= recentMs;
      if (
        !since(recentUsers.get(actor.userId)) &&
        !since(recentSessions.get(actor.sessionId)) &&
        !since(everyoneEvictedAt)
      )
        return true;
      try {
        return await isSessionLive(actor);
      } catch (err) {
        log.error({ err }, 'session re-check failed; refusing the connection');
        return false;
      }
    },

    close(): void {
      stopEvictions();
      stopReconnects?.();
      holders.length = 0;
    },
  };
}
export type SessionGuard = ReturnType<typeof createSessionGuard>;
