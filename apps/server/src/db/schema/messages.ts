import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant } from './columns.js';
import { users } from './users.js';

export const directMessages = pgTable(
  'direct_messages',
  {
    id: idColumn(),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `{smaller id}_{larger id}`: one key per conversation for history and room queries. */
    pairKey: text().notNull(),
    content: text().notNull(),
    createdAt: createdAt(),
    readAt: instant(),
  },
  (t) => [
    index('direct_messages_pair_created_idx').on(t.pairKey, t.createdAt.desc(), t.id.desc()),
    index('direct_messages_receiver_unread_idx')
      .on(t.receiverId, t.senderId)
      .where(sql`${t.readAt} is null`),
    index('direct_messages_sender_idx').on(t.senderId),
    // The conversation list finds a user's conversations from both sides: sent (above) and received.
    index('direct_messages_receiver_idx').on(t.receiverId),
  ],
);
