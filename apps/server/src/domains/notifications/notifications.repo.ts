import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { NotificationLevel, PageQuery } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { afterCursor } from '../../lib/cursor.js';
import { uuidV7 } from '../../lib/uuid-v7.js';
import type { NotificationRow } from './notifications.mapper.js';

/** Advisory lock keys (first half of the two-int form): one per receiver, and one for "everyone". */
const RECEIVER_LOCK = 0x6f74_0001;
const BULK_LOCK = 0x6f74_0002;
/** Above this many receivers one exclusive lock is cheaper than one lock each. */
const BULK_THRESHOLD = 32;

export interface NewNotification {
  receiverId: string;
  title: string;
  content: string;
  level: NotificationLevel;
}

/**
 * Makes `seq` order equal commit order per receiver. `seq` comes from a sequence when the row is inserted, but
 * transactions commit in any order; without this, a stream that already sent seq 11 could later learn of a
 * seq 10 committed after it, and a reconnect "after 11" would skip it. Holding a per-receiver transaction
 * lock from before the insert until commit rules that out. Broadcasts take one exclusive lock instead, which
 * every per-receiver writer holds shared. Keys are taken in one sorted order, so writers cannot deadlock.
 */
async function lockReceivers(tx: Executor, receiverIds: readonly string[]): Promise<void> {
  const unique = [...new Set(receiverIds)];
  const bulk = sql.raw(String(BULK_LOCK));
  if (unique.length > BULK_THRESHOLD) {
    await tx.execute(sql`select pg_advisory_xact_lock(${bulk}, 0)`);
    return;
  }
  const ids = sql.join(
    unique.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    select pg_advisory_xact_lock_shared(${bulk}, 0),
      (select count(*) from (
        select pg_advisory_xact_lock(${sql.raw(String(RECEIVER_LOCK))}, h)
        from (select distinct hashtext(r) as h from unnest(array[${ids}]::text[]) as r order by h) as keys
      ) as locked)`);
}

export function createNotificationsRepo() {
  async function insertLocked(tx: Executor, rows: readonly NewNotification[]): Promise<NotificationRow[]> {
    await lockReceivers(tx, rows.map((r) => r.receiverId));
    // Time-ordered ids: the list (createdAt, id) keeps creation order within a millisecond.
    const values = rows.map((r) => {
      const { id, at } = uuidV7();
      return { ...r, id, createdAt: at };
    });
    return tx.insert(notifications).values(values).returning();
  }

  return {
    /** Inserts in the caller's transaction (or a new one), ordered per receiver (see lockReceivers). */
    async insert(executor: Executor, rows: readonly NewNotification[]): Promise<NotificationRow[]> {
      if (rows.length === 0) return [];
      if (executor instanceof PgTransaction) return insertLocked(executor, rows);
      return executor.transaction((tx) => insertLocked(tx, rows));
    },

    /** Unread notifications of a user, newest first, keyset paged. */
    pageUnread(db: Executor, receiverId: string, query: PageQuery): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.receiverId, receiverId),
            isNull(notifications.readAt),
            afterCursor(notifications.createdAt, notifications.id, 'DESCENDING', 'instant', query.cursor, query.idAfter),
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(query.limit + 1);
    },

    async countUnread(db: Executor, receiverId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.receiverId, receiverId), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },

    async findOwner(db: Executor, id: string): Promise<{ receiverId: string } | undefined> {
      const [row] = await db.select({ receiverId: notifications.receiverId }).from(notifications).where(eq(notifications.id, id)).limit(1);
      return row;
    },

    /** Sets `readAt` once; true when this call changed the row. */
    async markRead(db: Executor, id: string, receiverId: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, id), eq(notifications.receiverId, receiverId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    /** Replay position of a notification, only if it belongs to that receiver. */
    async seqOf(db: Executor, id: string, receiverId: string): Promise<number | null> {
      const [row] = await db
        .select({ seq: notifications.seq })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.receiverId, receiverId)))
        .limit(1);
      return row ? Number(row.seq) : null;
    },

    /** Notifications of a receiver created after a replay position, oldest first (read ones included). */
    after(db: Executor, receiverId: string, seq: number, limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.receiverId, receiverId), gt(notifications.seq, seq)))
        .orderBy(asc(notifications.seq))
        .limit(limit);
    },

    /** Which of these ids sit at or before a replay position. */
    async idsUpTo(db: Executor, ids: readonly string[], seq: number): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(inArray(notifications.id, [...ids]), lte(notifications.seq, seq)));
      return new Set(rows.map((r) => r.id));
    },

    async findById(db: Executor, id: string): Promise<NotificationRow | undefined> {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
      return row;
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
