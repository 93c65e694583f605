import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant } from './columns.js';
import { users } from './users.js';
import { NOTIFICATION_LEVELS } from '@otboo/contract';

/** What a notification is about (internal: not in the DTO). Rows written before it was recorded have none. */
export const NOTIFICATION_KINDS = [
  'DIRECT_MESSAGE',
  'FOLLOW',
  'LIKE',
  'COMMENT',
  'FEED',
  'ROLE',
  'ATTRIBUTE',
  'WEATHER',
  /** The morning outfit (docs/api.md §9.3); OUTFIT_CLOSET is its empty-closet form, which links to the closet. */
  'OUTFIT',
  'OUTFIT_CLOSET',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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
    level: text({ enum: NOTIFICATION_LEVELS }).notNull().default('INFO'),
    kind: text({ enum: NOTIFICATION_KINDS }),
    /** Who caused it (the sender, follower, liker…); none for system notifications. */
    sourceUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Read notifications leave the list but stay for replay. */
    readAt: instant(),
  },
  (t) => [
    index('notifications_receiver_seq_idx').on(t.receiverId, t.seq),
    index('notifications_receiver_unread_idx')
      .on(t.receiverId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.readAt} is null`),
    // Reading a conversation reads the unread message notifications from that partner (messages service).
    index('notifications_unread_messages_idx')
      .on(t.receiverId, t.sourceUserId)
      .where(sql`${t.readAt} is null and ${t.kind} = 'DIRECT_MESSAGE'`),
  ],
);
