import { and, count, desc, eq, inArray, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import type { PageQuery, UserSummary } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { directMessages, profiles, users } from '../../db/schema/index.js';
import { countedPage } from '../../lib/counted-page.js';
import { keysetOrder, newestFirstAfter, newestFirstCursor, type NewestFirstShape } from '../../lib/cursor.js';
import { literalLimit, preparedStatements } from '../../lib/prepared.js';
import { toUserSummary, userSummaryColumns, type UserSummaryRow } from '../../lib/user-summary.js';
import { uuidV7 } from '../../lib/uuid-v7.js';
import type { DirectMessageRow } from './messages.mapper.js';

export interface Person {
  summary: UserSummary;
  locked: boolean;
}

/** What a message on a page shows, and the conversation's count (see `pageQuery`). */
export type MessagePageRow = Pick<
  DirectMessageRow,
  'id' | 'senderId' | 'receiverId' | 'content' | 'createdAt'
> & { total: number };

/** What changes the text of a conversation page's statement. */
interface MessagePageShape extends NewestFirstShape {
  limit: number;
}

/** A request's page as a shape and its values (a malformed cursor is a 400, see parseCursor). */
function pageRequest(pairKey: string, q: PageQuery) {
  const after = newestFirstCursor(q);
  return { shape: { ...after.shape, limit: q.limit }, values: { pairKey, ...after.values } };
}

/**
 * One conversation, newest first, keyset paged (read from direct_messages_pair_created_idx), every row carrying
 * the conversation's count (a scalar subquery, run once): the page and its totalCount in one round trip. The
 * values are placeholders in the prepared statement, the request's own values when EXPLAINed.
 */
function pageQuery(
  db: Executor,
  shape: MessagePageShape,
  v: { pairKey: string | Placeholder; bound: unknown; idAfter: unknown },
) {
  return db
    .select({
      id: directMessages.id,
      senderId: directMessages.senderId,
      receiverId: directMessages.receiverId,
      content: directMessages.content,
      createdAt: directMessages.createdAt,
      // An alias of its own: the outer query's row must not leak into the count.
      total: sql<number>`(select count(*)::int from ${directMessages} counted where counted.pair_key = ${v.pairKey})`,
    })
    .from(directMessages)
    .where(
      and(
        eq(directMessages.pairKey, v.pairKey),
        newestFirstAfter(directMessages.createdAt, directMessages.id, shape, v),
      ),
    )
    .orderBy(...keysetOrder('DESCENDING', directMessages.createdAt, directMessages.id))
    .limit(literalLimit(shape.limit + 1));
}

const pageStatement = preparedStatements(
  (db: Executor, shape: MessagePageShape) =>
    pageQuery(db, shape, {
      pairKey: sql.placeholder('pairKey'),
      bound: sql.placeholder('bound'),
      idAfter: sql.placeholder('idAfter'),
    }),
  (shape: MessagePageShape) => [shape.cursor, shape.idAfter, shape.limit].join(','),
);

const countStatement = preparedStatements(
  (db: Executor) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(directMessages)
      .where(eq(directMessages.pairKey, sql.placeholder('pairKey'))),
  () => '',
);

/** The two people of a conversation (one of them when both ids are the same), built once. */
const pairStatement = preparedStatements(
  (db: Executor) =>
    db
      .select({ ...userSummaryColumns, locked: users.locked })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(inArray(users.id, [sql.placeholder('a'), sql.placeholder('b')])),
  () => '',
);

function peopleOf(rows: (UserSummaryRow & { locked: boolean })[]): Map<string, Person> {
  return new Map(rows.map((r) => [r.userId, { summary: toUserSummary(r), locked: r.locked }]));
}

export function createMessagesRepo() {
  return {
    /** Users as others see them (name, avatar), with their lock state. */
    async people(db: Executor, ids: readonly string[]): Promise<Map<string, Person>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ ...userSummaryColumns, locked: users.locked })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(inArray(users.id, [...new Set(ids)]));
      return peopleOf(rows);
    },

    /** `people` of two users (the caller and a partner), as a statement built once. */
    async pair(db: Executor, a: string, b: string): Promise<Map<string, Person>> {
      return peopleOf(await pairStatement(db, undefined, { a, b }));
    },

    /**
     * Stores a message if the receiver exists and the sender exists unlocked, and returns both people either
     * way: one round trip instead of a look-up and an insert (messages are the hottest write). The id is
     * time-ordered and its instant is `createdAt`, so messages of one millisecond keep their order.
     */
    async insertBetweenPeople(
      db: Executor,
      values: { senderId: string; receiverId: string; pairKey: string; content: string },
    ): Promise<{ row: DirectMessageRow | null; people: Map<string, Person> }> {
      const { id, at } = uuidV7();
      const { senderId, receiverId } = values;
      const rows = await rowsOf<{
        user_id: string;
        name: string;
        locked: boolean;
        image_key: string | null;
        external_image_url: string | null;
        inserted: number;
      }>(
        db,
        sql`
        with people as (
          select u.id as user_id, u.name, u.locked, p.image_key, p.external_image_url
          from users u left join profiles p on p.user_id = u.id
          where u.id in (${senderId}::uuid, ${receiverId}::uuid)
        ), inserted as (
          insert into direct_messages (id, sender_id, receiver_id, pair_key, content, created_at)
          select ${id}::uuid, ${senderId}::uuid, ${receiverId}::uuid, ${values.pairKey}, ${values.content}, ${at.toISOString()}::timestamptz
          where exists (select 1 from people where user_id = ${receiverId}::uuid)
            and exists (select 1 from people where user_id = ${senderId}::uuid and not locked)
          returning id
        )
        select people.*, (select count(*) from inserted)::int as inserted from people`,
      );
      const people = new Map<string, Person>();
      for (const r of rows) {
        people.set(r.user_id, {
          summary: toUserSummary({
            userId: r.user_id,
            name: r.name,
            imageKey: r.image_key,
            externalImageUrl: r.external_image_url,
          }),
          locked: r.locked,
        });
      }
      const stored = Number(rows[0]?.inserted ?? 0) === 1;
      return { row: stored ? { id, ...values, createdAt: at, readAt: null } : null, people };
    },

    async findById(db: Executor, id: string): Promise<DirectMessageRow | undefined> {
      const [row] = await db.select().from(directMessages).where(eq(directMessages.id, id)).limit(1);
      return row;
    },

    /**
     * Newest first, `limit + 1` rows after the cursor, and the conversation's count: carried by the rows (one
     * statement built once per shape, lib/prepared.ts), or for an empty page as lib/counted-page.ts decides.
     */
    async page(
      db: Executor,
      pairKey: string,
      q: PageQuery,
    ): Promise<{ rows: MessagePageRow[]; total: number }> {
      const { shape, values } = pageRequest(pairKey, q);
      return countedPage(pageStatement(db, shape, values), {
        cursor: q.cursor,
        count: async () => (await countStatement(db, undefined, { pairKey }))[0]?.n ?? 0,
      });
    },

    /**
     * The page statement's query (the same text) bound to the request's values instead of placeholders, to
     * EXPLAIN it.
     */
    pageQuery(db: Executor, pairKey: string, q: PageQuery) {
      const { shape, values } = pageRequest(pairKey, q);
      return pageQuery(db, shape, values);
    },

    /** The latest message of each of a user's conversations, latest conversation first. */
    async latestPerConversation(db: Executor, userId: string, limit: number): Promise<DirectMessageRow[]> {
      const latest = db
        .selectDistinctOn([directMessages.pairKey])
        .from(directMessages)
        .where(or(eq(directMessages.senderId, userId), eq(directMessages.receiverId, userId)))
        .orderBy(directMessages.pairKey, desc(directMessages.createdAt), desc(directMessages.id))
        .as('latest');
      return db.select().from(latest).orderBy(desc(latest.createdAt), desc(latest.id)).limit(limit);
    },

    /** Unread messages to a user, by sender. */
    async unreadBySender(db: Executor, receiverId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ senderId: directMessages.senderId, n: count() })
        .from(directMessages)
        .where(and(eq(directMessages.receiverId, receiverId), isNull(directMessages.readAt)))
        .groupBy(directMessages.senderId);
      return new Map(rows.map((r) => [r.senderId, Number(r.n)]));
    },

    async markRead(db: Executor, receiverId: string, senderId: string): Promise<void> {
      await db
        .update(directMessages)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(directMessages.receiverId, receiverId),
            eq(directMessages.senderId, senderId),
            isNull(directMessages.readAt),
          ),
        );
    },
  };
}
export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
