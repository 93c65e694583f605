import { and, asc, eq, gt, inArray, isNull, lt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { NotificationLevel, PageQuery } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { notifications, type NotificationKind } from '../../db/schema/index.js';
import { countedPage } from '../../lib/counted-page.js';
import { keysetOrder, newestFirstAfter, newestFirstCursor, type NewestFirstShape } from '../../lib/cursor.js';
import { literalLimit, preparedStatements } from '../../lib/prepared.js';
import { uuidV7 } from '../../lib/uuid-v7.js';
import type { NotificationDtoSource, NotificationRow } from './notifications.mapper.js';

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
  kind: NotificationKind | null;
  sourceUserId: string | null;
  targetFeedId: string | null;
  targetDate: string | null;
  excerpt: string | null;
}

export type StoredNotification = NewNotification & { id: string; createdAt: Date };

/**
 * The advisory locks that make `seq` order equal commit order per receiver. `seq` comes from a sequence when
 * the row is inserted, but transactions commit in any order; without this, a stream that already sent seq 11
 * could later learn of a seq 10 committed after it, and a reconnect "after 11" would skip it. A per-receiver
 * transaction lock held from before the insert until commit rules that out. Broadcasts take one exclusive
 * lock instead, which every per-receiver writer holds shared. Keys are taken in one sorted order, so writers
 * cannot deadlock.
 */
function receiverLocks(receiverIds: readonly string[]): SQL {
  const unique = [...new Set(receiverIds)];
  const bulk = sql.raw(String(BULK_LOCK));
  if (unique.length > BULK_THRESHOLD) return sql`select pg_advisory_xact_lock(${bulk}, 0)`;
  const ids = sql.join(
    unique.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`
    select pg_advisory_xact_lock_shared(${bulk}, 0),
      (select count(*) from (
        select pg_advisory_xact_lock(${sql.raw(String(RECEIVER_LOCK))}, h)
        from (select distinct hashtext(r) as h from unnest(array[${ids}]::text[]) as r order by h) as keys
      ) as taken)`;
}

/** What a notification on a page shows, and the page's count (see `pageQuery`). */
export type NotificationPageRow = NotificationDtoSource & { total: number };

/** The unread list (the bell's, docs/api.md §7) or the history of read ones since a cutoff (§9.9). */
export type NotificationListKind = 'unread' | 'read';

/** What changes the text of a notification page's statement. */
interface NotificationPageShape extends NewestFirstShape {
  limit: number;
  list: NotificationListKind;
}

/**
 * A request's page as a shape and its values (a malformed cursor is a 400, see parseCursor). `readSince` bounds
 * the history (read ones older than it are past their keeping time); the unread list ignores it.
 */
function pageRequest(receiverId: string, q: PageQuery, list: NotificationListKind, readSince: Date) {
  const after = newestFirstCursor(q);
  return {
    shape: { ...after.shape, limit: q.limit, list },
    values: { receiverId, readSince: readSince.toISOString(), ...after.values },
  };
}

/** Which rows a list holds, of the table or of an alias of it (the count's own scan). */
function listFilter(
  readAt: SQL | typeof notifications.readAt,
  list: NotificationListKind,
  readSince: string | Placeholder,
): SQL {
  return list === 'unread'
    ? sql`${readAt} is null`
    : sql`${readAt} is not null and ${readAt} >= ${readSince}::timestamptz`;
}

/**
 * A receiver's unread notifications (or read ones since `readSince`), newest first, keyset paged (read from
 * notifications_receiver_unread_idx or notifications_receiver_read_idx), every row carrying the list's count
 * (a scalar subquery, run once): the page and its totalCount in one round trip. The values are placeholders
 * in the prepared statement, the request's own values when EXPLAINed.
 */
function pageQuery(
  db: Executor,
  shape: NotificationPageShape,
  v: { receiverId: string | Placeholder; readSince: string | Placeholder; bound: unknown; idAfter: unknown },
) {
  return db
    .select({
      id: notifications.id,
      createdAt: notifications.createdAt,
      receiverId: notifications.receiverId,
      title: notifications.title,
      content: notifications.content,
      level: notifications.level,
      kind: notifications.kind,
      sourceUserId: notifications.sourceUserId,
      targetFeedId: notifications.targetFeedId,
      targetDate: notifications.targetDate,
      excerpt: notifications.excerpt,
      // An alias of its own: the outer query's row must not leak into the count.
      total: sql<number>`(select count(*)::int from ${notifications} counted where counted.receiver_id = ${v.receiverId} and ${listFilter(sql`counted.read_at`, shape.list, v.readSince)})`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.receiverId, v.receiverId),
        listFilter(notifications.readAt, shape.list, v.readSince),
        newestFirstAfter(notifications.createdAt, notifications.id, shape, v),
      ),
    )
    .orderBy(...keysetOrder('DESCENDING', notifications.createdAt, notifications.id))
    .limit(literalLimit(shape.limit + 1));
}

const pageStatement = preparedStatements(
  (db: Executor, shape: NotificationPageShape) =>
    pageQuery(db, shape, {
      receiverId: sql.placeholder('receiverId'),
      readSince: sql.placeholder('readSince'),
      bound: sql.placeholder('bound'),
      idAfter: sql.placeholder('idAfter'),
    }),
  (shape: NotificationPageShape) => [shape.list, shape.cursor, shape.idAfter, shape.limit].join(','),
);

const countStatement = preparedStatements(
  (db: Executor, list: NotificationListKind) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          eq(notifications.receiverId, sql.placeholder('receiverId')),
          listFilter(notifications.readAt, list, sql.placeholder('readSince')),
        ),
      ),
  (list: NotificationListKind) => list,
);

export function createNotificationsRepo() {
  return {
    /**
     * Inserts in one statement that first takes the receivers' locks (see receiverLocks): in the caller's
     * transaction the locks last until its commit; alone, the statement is its own transaction. Ids are
     * time-ordered, so the list's (createdAt, id) order keeps creation order within a millisecond.
     */
    async insert(db: Executor, rows: readonly NewNotification[]): Promise<StoredNotification[]> {
      if (rows.length === 0) return [];
      const stored = rows.map((r) => {
        const { id, at } = uuidV7();
        return { ...r, id, createdAt: at };
      });
      const values = sql.join(
        stored.map(
          (r) =>
            sql`(${r.id}::uuid, ${r.receiverId}::uuid, ${r.title}, ${r.content}, ${r.level}, ${r.kind}::text, ${r.sourceUserId}::uuid, ${r.targetFeedId}::uuid, ${r.targetDate}::date, ${r.excerpt}::text, ${r.createdAt.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      // The join with the one-row lock subquery makes every row (and its seq) wait for the locks.
      await db.execute(sql`
        insert into notifications (id, receiver_id, title, content, level, kind, source_user_id, target_feed_id, target_date, excerpt, created_at)
        select v.id, v.receiver_id, v.title, v.content, v.level, v.kind, v.source_user_id, v.target_feed_id, v.target_date, v.excerpt, v.created_at
        from (values ${values}) as v(id, receiver_id, title, content, level, kind, source_user_id, target_feed_id, target_date, excerpt, created_at)
        cross join (${receiverLocks(rows.map((r) => r.receiverId))}) as locked`);
      return stored;
    },

    /**
     * A user's unread notifications (or read ones since `readSince`), newest first, `limit + 1` rows after the
     * cursor, and the list's count: carried by the rows (one statement built once per shape, lib/prepared.ts), or
     * for an empty page as lib/counted-page.ts decides.
     */
    async page(
      db: Executor,
      receiverId: string,
      q: PageQuery,
      list: NotificationListKind = 'unread',
      readSince = new Date(0),
    ): Promise<{ rows: NotificationPageRow[]; total: number }> {
      const { shape, values } = pageRequest(receiverId, q, list, readSince);
      return countedPage(pageStatement(db, shape, values), {
        cursor: q.cursor,
        count: async () =>
          (await countStatement(db, list, { receiverId, readSince: readSince.toISOString() }))[0]?.n ?? 0,
      });
    },

    /**
     * The page statement's query (the same text) bound to the request's values instead of placeholders, to
     * EXPLAIN it.
     */
    pageQueryOf(
      db: Executor,
      receiverId: string,
      q: PageQuery,
      list: NotificationListKind = 'unread',
      readSince = new Date(0),
    ) {
      const { shape, values } = pageRequest(receiverId, q, list, readSince);
      return pageQuery(db, shape, values);
    },

    /** Marks read every unread notification of a receiver; returns how many. */
    async markAllRead(db: Executor, receiverId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.receiverId, receiverId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /**
     * Deletes a receiver's notifications read before `cutoff` (past the history's keeping time); they only
     * served a replay after a reconnect that old. Returns how many.
     */
    async purgeRead(db: Executor, receiverId: string, cutoff: Date): Promise<number> {
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.receiverId, receiverId), lt(notifications.readAt, cutoff)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async findOwner(db: Executor, id: string): Promise<{ receiverId: string } | undefined> {
      const [row] = await db
        .select({ receiverId: notifications.receiverId })
        .from(notifications)
        .where(eq(notifications.id, id))
        .limit(1);
      return row;
    },

    /** Sets `readAt` once; true when this call changed the row. */
    async markRead(db: Executor, id: string, receiverId: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.id, id),
            eq(notifications.receiverId, receiverId),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    /**
     * Marks read a receiver's unread notifications of one kind caused by one user (reading a conversation reads
     * the notifications of its messages); returns how many.
     */
    async markReadFromSource(
      db: Executor,
      receiverId: string,
      kind: NotificationKind,
      sourceUserId: string,
    ): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.receiverId, receiverId),
            isNull(notifications.readAt),
            eq(notifications.kind, kind),
            eq(notifications.sourceUserId, sourceUserId),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
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
