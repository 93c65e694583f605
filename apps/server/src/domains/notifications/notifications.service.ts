import {
  ko,
  NOTIFICATION_HISTORY_DAYS,
  type CursorPage,
  type NotificationDto,
  type NotificationLevel,
  type PageQuery,
} from '@otboo/contract';
import type { Db, Executor } from '../../db/client.js';
import type { NotificationKind } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { toPage } from '../../lib/cursor.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { BUS_CHANNELS, busPayloadText, type EventBus } from '../../realtime/event-bus.js';
import { toNotificationDto } from './notifications.mapper.js';
import {
  createNotificationsRepo,
  type NotificationListKind,
  type NotificationsRepo,
} from './notifications.repo.js';

export { toNotificationDto } from './notifications.mapper.js';

export type { NotificationKind } from '../../db/schema/index.js';

export interface NotificationInput {
  receiverId: string;
  title: string;
  content: string;
  level?: NotificationLevel;
  /** What it is about; stored, never sent. Lets a later action read it (see `markReadFrom`). */
  kind?: NotificationKind;
  /** The user whose action caused it (sender, follower, liker, commenter, author, admin). */
  sourceUserId?: string | null;
  /** The feed it is about (a like, comment or new feed): a tap opens it (docs/api.md §9.9). */
  targetFeedId?: string | null;
  /** The day it is about (`YYYY-MM-DD`, a weather alert's or morning outfit's): a tap opens the home on it. */
  targetDate?: string | null;
  /** What the person wrote, quoted on one line (a comment): shown beside the content, never in it. */
  excerpt?: string | null;
}

/** What travels on the bus: the DTO itself, or its id when it is too big for every bus (PostgreSQL NOTIFY). */
export type NotificationBusPayload = NotificationDto | { ref: string };

/**
 * What other domains use to tell someone something. `record` writes inside the caller's transaction, so a
 * notification exists exactly when its cause does; `publish` fans the stored rows out after commit.
 */
export interface Notifier {
  record(tx: Executor, inputs: readonly NotificationInput[]): Promise<NotificationDto[]>;
  publish(dtos: readonly NotificationDto[]): Promise<void>;
}

/** For domains whose actions settle what their notifications announced (reading a conversation). */
export interface NotificationMarks {
  /**
   * Marks read, in the caller's transaction, the receiver's unread notifications of `kind` caused by
   * `sourceUserId`; returns how many. Nothing is published: clients learn it from the unread count.
   */
  markReadFrom(
    tx: Executor,
    receiverId: string,
    kind: NotificationKind,
    sourceUserId: string,
  ): Promise<number>;
}

/** Sees every notification once it is committed and published (Web Push, docs/api.md §9.2). Must not block. */
export type PublishedListener = (dtos: readonly NotificationDto[]) => void;

export function createNotifier(deps: {
  bus: EventBus;
  repo?: NotificationsRepo;
}): Notifier & NotificationMarks & { onPublished(listener: PublishedListener): void } {
  const repo = deps.repo ?? createNotificationsRepo();
  const listeners: PublishedListener[] = [];
  return {
    /** Every domain's notifications pass through `publish`, so a listener here sees every kind. */
    onPublished(listener) {
      listeners.push(listener);
    },
    async record(tx, inputs) {
      const rows = await repo.insert(
        tx,
        inputs.map((i) => ({
          receiverId: i.receiverId,
          title: i.title,
          content: i.content,
          level: i.level ?? 'INFO',
          kind: i.kind ?? null,
          sourceUserId: i.sourceUserId ?? null,
          targetFeedId: i.targetFeedId ?? null,
          targetDate: i.targetDate ?? null,
          excerpt: i.excerpt ?? null,
        })),
      );
      return rows.map(toNotificationDto);
    },
    markReadFrom(tx, receiverId, kind, sourceUserId) {
      return repo.markReadFromSource(tx, receiverId, kind, sourceUserId);
    },
    async publish(dtos) {
      // First, synchronously: the listeners only queue work, and must not depend on the bus being reachable.
      for (const listener of listeners) listener(dtos);
      // All at once: a bus may batch what is published in the same tick (one NOTIFY statement for a broadcast).
      await Promise.all(
        dtos.map((dto) => {
          const payload: NotificationBusPayload = busPayloadText(dto) === null ? { ref: dto.id } : dto;
          return deps.bus.publish(BUS_CHANNELS.notification, payload);
        }),
      );
    },
  };
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The receiver's list and read marks (docs/api.md §7), and the history of read ones (§9.9). A notification is
 * never deleted when read: it leaves the list (the course's DELETE and our PATCH …/read do the same) and stays
 * in the history for NOTIFICATION_HISTORY_DAYS; older read ones are purged whenever their receiver reads one.
 */
export function createNotificationsService(deps: { db: Db; repo: NotificationsRepo; now?: () => number }) {
  const { db, repo } = deps;
  const now = deps.now ?? Date.now;
  const historyCutoff = () => new Date(now() - NOTIFICATION_HISTORY_DAYS * DAY_MS);

  async function page(
    actor: Actor,
    query: PageQuery,
    list: NotificationListKind,
  ): Promise<CursorPage<NotificationDto>> {
    const since = historyCutoff();
    const { rows, total } = await repo.page(db, actor.userId, query, list, since);
    return toPage(
      rows,
      query.limit,
      total,
      { sortBy: 'createdAt', sortDirection: 'DESCENDING' },
      (r) => ({ sortKey: r.createdAt, id: r.id }),
      toNotificationDto,
    );
  }

  return {
    /**
     * Unread notifications, newest first; `totalCount` is the unread count (the bell's badge), carried by the
     * page's rows (one round trip).
     */
    list(actor: Actor, query: PageQuery): Promise<CursorPage<NotificationDto>> {
      return page(actor, query, 'unread');
    },

    /** Read notifications of the last NOTIFICATION_HISTORY_DAYS, newest first; `totalCount` counts them. */
    history(actor: Actor, query: PageQuery): Promise<CursorPage<NotificationDto>> {
      return page(actor, query, 'read');
    },

    /** Marks read (leaves the list, stays in the history). Only the receiver; repeating it is fine. */
    async markRead(actor: Actor, id: string): Promise<void> {
      if (await repo.markRead(db, id, actor.userId)) {
        await repo.purgeRead(db, actor.userId, historyCutoff());
        return;
      }
      const owner = await repo.findOwner(db, id);
      if (!owner) throw notFound(ko.notifications.notFound, 'NotificationNotFoundException');
      if (owner.receiverId !== actor.userId) throw forbidden(ko.notifications.notReceiver);
    },

    /** Marks every unread notification of the caller read; returns how many. */
    async markAllRead(actor: Actor): Promise<number> {
      const count = await repo.markAllRead(db, actor.userId);
      await repo.purgeRead(db, actor.userId, historyCutoff());
      return count;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
