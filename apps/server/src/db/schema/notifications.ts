import { sql } from 'drizzle-orm';
import { bigserial, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant } from './columns.js';
import { feeds } from './feeds.js';
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
    /** What the person wrote, quoted (a comment's text, cut to one line); kept apart from the content. */
    excerpt: text(),
    /** The feed a like, comment or new feed is about (the tap opens it); null once the feed is deleted. */
    targetFeedId: uuid().references(() => feeds.id, { onDelete: 'set null' }),
    /** The forecast day a weather alert or morning outfit is about (the tap opens the home on it). */
    targetDate: date({ mode: 'string' }),
    createdAt: createdAt(),
    /**
     * Read notifications leave the list but stay for replay and in the history for
     * NOTIFICATION_HISTORY_DAYS, then are purged (notifications.repo.ts purgeRead).
     */
    readAt: instant(),
  },
  (t) => [
    index('notifications_receiver_seq_idx').on(t.receiverId, t.seq),
    index('notifications_receiver_unread_idx')
      .on(t.receiverId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.readAt} is null`),
    // The history (read ones, newest first) and the purge of its expired rows, per receiver.
    index('notifications_receiver_read_idx')
      .on(t.receiverId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.readAt} is not null`),
    // A deleted feed clears its notifications' target (the foreign key's set null looks them up here).
    index('notifications_target_feed_idx')
      .on(t.targetFeedId)
      .where(sql`${t.targetFeedId} is not null`),
    // Reading a conversation reads the unread message notifications from that partner (messages service).
    index('notifications_unread_messages_idx')
      .on(t.receiverId, t.sourceUserId)
      .where(sql`${t.readAt} is null and ${t.kind} = 'DIRECT_MESSAGE'`),
  ],
);
