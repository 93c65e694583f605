import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, updatedAt } from './columns.js';
import { sessions, users } from './users.js';

/**
 * One browser or phone that receives Web Push (docs/api.md §9.2). The endpoint is the push service's URL for that
 * device; it belongs to whoever subscribed with it last, and to the session they did it in: pushes go only while
 * that session is live (not revoked, not expired, its user not locked), so a device whose session ended some other
 * way than signing out there (password change elsewhere, lock, expiry, refresh-token reuse) stops receiving the
 * user's notifications. `p256dh`/`auth` are the device's keys (base64url) that every payload is encrypted for.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session that subscribed, from the caller's token, never the payload. Null only for rows stored before
     * sessions were recorded (migration 0012 deletes those) or by an older instance during an upgrade: such a row
     * counts as a dead session, is never pushed to and is removed like one.
     */
    sessionId: uuid().references(() => sessions.id, { onDelete: 'cascade' }),
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
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);
