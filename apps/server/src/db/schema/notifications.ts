import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant } from './columns.js';
import { users } from './users.js';

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    /** Creation order for SSE replay after a `lastEventId`. */
    seq: bigserial({ mode: 'number' }).notNull().unique(),
    receiverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    content: text().notNull(),
    level: text({ enum: ['INFO', 'WARNING', 'ERROR'] }).notNull().default('INFO'),
    createdAt: createdAt(),
    /** Read notifications leave the list but stay for replay. */
    readAt: instant(),
  },
  (t) => [
    index('notifications_receiver_seq_idx').on(t.receiverId, t.seq),
    index('notifications_receiver_unread_idx')
      .on(t.receiverId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.readAt} is null`),
  ],
);
