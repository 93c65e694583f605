import type { FastifyBaseLogger } from 'fastify';
import { NotificationDto, SSE_NOTIFICATION_EVENT } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { BUS_CHANNELS, createOrderedDispatch, type EventBus } from '../../realtime/event-bus.js';
import type { SseStream } from '../../realtime/sse.js';
import { toNotificationDto } from './notifications.mapper.js';
import type { NotificationsRepo } from './notifications.repo.js';

const REPLAY_PAGE = 200;

interface Listener {
  /** Who opened it, with the auth session it lives in. */
  actor: Actor;
  stream: SseStream;
  /** Live events held back while the replay runs; null once live. */
  buffer: NotificationDto[] | null;
  /**
   * Ids the replay sent. A notification commits before it is published, so the replay can read one whose bus
   * event only arrives after the stream went live; that event is dropped here (once: each id comes once).
   */
  replayed: Set<string> | null;
}

function toEvent(dto: NotificationDto) {
  return { event: SSE_NOTIFICATION_EVENT, id: dto.id, data: JSON.stringify(dto) };
}

/**
 * Delivers notifications to the SSE streams open on this instance. Every instance hears every notification
 * on the bus and writes it to the receiver's streams here (any number of tabs).
 *
 * A reconnect names the last event it saw: the stream is registered first (live events are buffered), then
 * everything after that event is replayed from the database in `seq` order, then the buffer is flushed
 * without what the replay already sent or what came at or before the event the client named. Nothing
 * falls between replay and live, and nothing is sent twice.
 */
export interface NotificationStreamDeps {
  db: Db;
  bus: EventBus;
  repo: NotificationsRepo;
  log: FastifyBaseLogger;
  /**
   * Called once a stream is registered (visible to `actors()`), before its replay: false when its session ended
   * meanwhile, and the stream is ended (see realtime/session-guard.ts).
   */
  admit?(actor: Actor): Promise<boolean>;
}

export function createNotificationStream(deps: NotificationStreamDeps) {
  const { db, repo, log } = deps;
  const byUser = new Map<string, Set<Listener>>();

  function dispatch(dto: NotificationDto): void {
    const set = byUser.get(dto.receiverId);
    if (!set) return;
    for (const listener of set) {
      if (listener.buffer) listener.buffer.push(dto);
      else if (listener.replayed?.delete(dto.id)) continue;
      else listener.stream.send(toEvent(dto));
    }
  }

  const ordered = createOrderedDispatch();
  const offBus = deps.bus.subscribe(BUS_CHANNELS.notification, (payload) =>
    ordered(() => {
      const parsed = NotificationDto.safeParse(payload);
      if (parsed.success) return dispatch(parsed.data);
      const ref = (payload as { ref?: unknown } | null)?.ref;
      if (typeof ref !== 'string') return log.warn('notification bus: unexpected payload');
      // Too big for the bus: read it back (the reference does not say whose it is, so read, then look).
      return repo.findById(db, ref).then(
        (row) => void (row && dispatch(toNotificationDto(row))),
        (err: unknown) => log.error({ err }, 'notification bus: reading a referenced notification failed'),
      );
    }),
  );

  // Events published while the bus was away are lost to it, not to the database: end every stream so each
  // client reconnects with its last event id and the replay fills the gap.
  const offReconnect = deps.bus.onReconnect?.(() => endAll());

  function endAll(): void {
    for (const set of byUser.values()) for (const l of [...set]) l.stream.end();
  }

  async function replay(userId: string, lastEventId: string, listener: Listener): Promise<void> {
    const anchor = await repo.seqOf(db, lastEventId, userId);
    // Unknown, or another user's: no replay, and nothing that tells which.
    if (anchor === null) return;
    const sent = new Set<string>([lastEventId]);
    let after = anchor;
    for (;;) {
      const rows = await repo.after(db, userId, after, REPLAY_PAGE);
      for (const row of rows) {
        if (!listener.stream.send(toEvent(toNotificationDto(row)))) return;
        sent.add(row.id);
        await listener.stream.drained();
      }
      const last = rows.at(-1);
      if (rows.length < REPLAY_PAGE || !last) break;
      after = Number(last.seq);
    }
    // Live events that arrived during the replay: drop those it sent and those at or before the anchor
    // (seen before the reconnect, only late on the bus).
    while (listener.buffer && listener.buffer.length > 0) {
      // Each id comes once on the bus: one that matched is forgotten.
      const pending = listener.buffer.splice(0).filter((dto) => !sent.delete(dto.id));
      const old = await repo.idsUpTo(
        db,
        pending.map((d) => d.id),
        anchor,
      );
      for (const dto of pending) {
        if (old.has(dto.id)) continue;
        if (!listener.stream.send(toEvent(dto))) return;
      }
    }
    // Live from here, decided in the same turn as the last empty-buffer check.
    listener.buffer = null;
    sent.delete(lastEventId);
    listener.replayed = sent.size > 0 ? sent : null;
  }

  function goLive(listener: Listener): void {
    const rest = listener.buffer ?? [];
    listener.buffer = null;
    for (const dto of rest) if (!listener.stream.send(toEvent(dto))) return;
  }

  return {
    /** Attaches an open SSE stream of a signed-in user; replays after `lastEventId` first when given. */
    async connect(actor: Actor, stream: SseStream, lastEventId?: string): Promise<void> {
      const { userId } = actor;
      const listener: Listener = { actor, stream, buffer: [], replayed: null };
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(listener);
      stream.onClose(() => {
        const s = byUser.get(userId);
        if (!s) return;
        s.delete(listener);
        if (s.size === 0) byUser.delete(userId);
      });
      try {
        if (deps.admit && !(await deps.admit(actor))) return stream.end();
        if (lastEventId) await replay(userId, lastEventId, listener);
      } catch (err) {
        // The client reconnects with the same id and the replay runs again.
        log.error({ err }, 'notification replay failed');
        stream.end();
        return;
      }
      goLive(listener);
    },

    /** Ends every stream (server shutting down). */
    endAll,

    /** The actors of the open streams. */
    *actors(): Iterable<Actor> {
      for (const set of byUser.values()) for (const l of set) yield l.actor;
    },

    /** Ends the streams of an auth session that ended; the client's reconnect is refused (401). */
    endSession(sessionId: string): void {
      for (const set of byUser.values())
        for (const l of [...set]) if (l.actor.sessionId === sessionId) l.stream.end();
    },

    close(): void {
      offBus();
      offReconnect?.();
      endAll();
    },

    stats() {
      let streams = 0;
      for (const set of byUser.values()) streams += set.size;
      return { users: byUser.size, streams };
    },
  };
}
export type NotificationStream = ReturnType<typeof createNotificationStream>;
