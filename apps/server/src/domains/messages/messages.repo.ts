import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PageQuery, UserSummary } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { directMessages, profiles, users } from '../../db/schema/index.js';
import { afterCursor, keysetOrder } from '../../lib/cursor.js';
import { toUserSummary, userSummaryColumns } from '../../lib/user-summary.js';
import { uuidV7 } from '../../lib/uuid-v7.js';
import type { DirectMessageRow } from './messages.mapper.js';

export interface Person {
  summary: UserSummary;
  locked: boolean;
}

export function createMessagesRepo() {
  return {
    /** Users as others see them (name, avatar), with their lock state. */
    async people(db: Executor, ids: readonly string[]): Promise<Map<string, Person>> {
      const map = new Map<string, Person>();
      if (ids.length === 0) return map;
      const rows = await db
        .select({ ...userSummaryColumns, locked: users.locked })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(inArray(users.id, [...new Set(ids)]));
      for (const r of rows) map.set(r.userId, { summary: toUserSummary(r), locked: r.locked });
      return map;
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

    /** One conversation, newest first, keyset paged (read from direct_messages_pair_created_idx). */
    page(db: Executor, pairKey: string, query: PageQuery): Promise<DirectMessageRow[]> {
      return db
        .select()
        .from(directMessages)
        .where(
          and(
            eq(directMessages.pairKey, pairKey),
            afterCursor(
              directMessages.createdAt,
              directMessages.id,
              'DESCENDING',
              'instant',
              query.cursor,
              query.idAfter,
            ),
          ),
        )
        .orderBy(...keysetOrder('DESCENDING', directMessages.createdAt, directMessages.id))
        .limit(query.limit + 1);
    },

    async countPair(db: Executor, pairKey: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(directMessages)
        .where(eq(directMessages.pairKey, pairKey));
      return Number(row?.n ?? 0);
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
