import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * A user's notification settings (docs/api.md §9.3); no row means the defaults (morning outfit off at 07:00,
 * every push kind on). `morningMinute` is minutes after midnight, Asia/Seoul.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    morningEnabled: boolean().notNull().default(false),
    morningMinute: smallint().notNull().default(420),
    pushDirectMessages: boolean().notNull().default(true),
    pushComments: boolean().notNull().default(true),
    pushLikes: boolean().notNull().default(true),
    pushFollows: boolean().notNull().default(true),
    pushFeeds: boolean().notNull().default(true),
    pushWeather: boolean().notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The morning job reads only the users due in a range of minutes, in (minute, user) order.
    index('notification_settings_morning_idx')
      .on(t.morningMinute, t.userId)
      .where(sql`${t.morningEnabled}`),
  ],
);

/**
 * One row per user and Asia/Seoul day whose morning outfit was sent, written in the same transaction as the
 * notification: whichever instance commits it first sends, and nobody sends twice (restarts included).
 */
export const morningOutfitDeliveries = pgTable(
  'morning_outfit_deliveries',
  {
    day: date({ mode: 'string' }).notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);
