import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * One browser or phone that receives Web Push (docs/api.md §9.2). The endpoint is the push service's URL for that
 * device; it belongs to whoever subscribed with it last. `p256dh`/`auth` are the device's keys (base64url) that
 * every payload is encrypted for.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** What the browser said (`expirationTime`), kept for information; the push service's 404/410 decides. */
    expiresAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);
