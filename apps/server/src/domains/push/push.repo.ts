import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  notificationSettings,
  notifications,
  pushSubscriptions,
  sessions,
  users,
  databaseNow,
} from '../../db/schema/index.js';
import type { NotificationKind } from '../../db/schema/index.js';
import { rowsOf } from '../../db/rows.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewPushSubscription {
  userId: string;
  /** The caller's session: the subscription is pushed to only while it is live. */
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiresAt: Date | null;
}

/** One device to push one notification to, with what decides whether and how (kind, settings; where it leads is on the DTO). */
export interface PushTarget {
  notificationId: string;
  receiverId: string;
  kind: NotificationKind | null;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Null: the user never saved settings (every kind on). */
  settings: {
    directMessages: boolean;
    comments: boolean;
    likes: boolean;
    follows: boolean;
    feeds: boolean;
    weather: boolean;
  } | null;
}

/**
 * The subscription's session is live: not revoked, not expired (by the database clock, which every instance
 * shares), its user not locked, and it is the session of the subscription's user. A null session (a row from
 * before sessions were recorded) is not live. Qualified by the table's name, so in a subquery over
 * push_subscriptions it judges that subquery's row.
 */
const sessionLive = sql`exists (
  select 1 from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
  where ${sessions.id} = ${pushSubscriptions.sessionId} and ${sessions.userId} = ${pushSubscriptions.userId}
    and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now() and not ${users.locked})`;

export function createPushRepo() {
  return {
    /**
     * Stores a subscription, or re-binds an existing endpoint to the caller's user and session with its keys: the
     * caller's own endpoint always, another user's only when the keys are the same (the same browser), in one
     * statement so that concurrent calls cannot race it. An endpoint that moves from another user gets a new id and
     * `createdAt`, as a new subscription would: nothing in the answer tells that it was registered before. Null when
     * the endpoint is another user's with other keys (nothing changes). `created` is true unless the endpoint was
     * already the caller's.
     */
    async upsert(
      db: Executor,
      row: NewPushSubscription,
    ): Promise<{ id: string; endpoint: string; createdAt: Date; created: boolean } | null> {
      const id = randomUUID();
      const sameUser = sql`${pushSubscriptions.userId} = excluded.user_id`;
      const [stored] = await db
        .insert(pushSubscriptions)
        .values({ ...row, id })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            // Evaluated against the row as it was: another user's endpoint starts over as the caller's.
            id: sql`case when ${sameUser} then ${pushSubscriptions.id} else excluded.id end`,
            createdAt: sql`case when ${sameUser} then ${pushSubscriptions.createdAt} else excluded.created_at end`,
            userId: row.userId,
            sessionId: row.sessionId,
            p256dh: row.p256dh,
            auth: row.auth,
            expiresAt: row.expiresAt,
            updatedAt: databaseNow(),
          },
          setWhere: sql`${sameUser} or (${pushSubscriptions.p256dh} = excluded.p256dh and ${pushSubscriptions.auth} = excluded.auth)`,
        })
        .returning({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          createdAt: pushSubscriptions.createdAt,
        });
      return stored ? { ...stored, created: stored.id === id } : null;
    },

    /**
     * Deletes a user's subscriptions whose session has ended, and those beyond the newest `max` of the rest;
     * returns how many went. Only live ones count toward `max`, so dead ones never push a live device out.
     */
    async prune(db: Executor, userId: string, max: number): Promise<number> {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`delete from push_subscriptions where user_id = ${userId} and (not ${sessionLive} or id in (
          select id from push_subscriptions where user_id = ${userId} and ${sessionLive}
          order by created_at desc, id desc offset ${max}))
        returning id`,
      );
      return rows.length;
    },

    /** The user's devices that are pushed to: those subscribed in a session that is still live. */
    listOf(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), sessionLive))
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    },

    /** Deletes the user's own subscription with that endpoint; true when there was one. */
    async removeOwn(db: Executor, userId: string, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** A push service said the subscription is gone (404/410). Only if it still has that endpoint. */
    async removeGone(db: Executor, id: string, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /**
     * Every (notification, receiver's device in a live session) pair of these notifications, in one statement:
     * kind and cause from the notification, the device's keys, and the receiver's push settings. The same
     * statement deletes the receivers' subscriptions whose session has ended, so they do not pile up; rows another
     * transaction holds are skipped rather than waited for (the next notification sweeps them).
     */
    async targets(db: Executor, notificationIds: readonly string[]): Promise<PushTarget[]> {
      if (notificationIds.length === 0) return [];
      const ids = inArray(notifications.id, [...notificationIds]);
      const ended = db.$with('ended', { id: sql<string>`id` }).as(sql`
        delete from ${pushSubscriptions} where ${pushSubscriptions.id} in (
          select ${pushSubscriptions.id} from ${pushSubscriptions}
          where ${pushSubscriptions.userId} in (select ${notifications.receiverId} from ${notifications} where ${ids})
            and not ${sessionLive}
          for update skip locked)
        returning ${pushSubscriptions.id} as id`);
      const rows = await db
        .with(ended)
        .select({
          notificationId: notifications.id,
          receiverId: notifications.receiverId,
          kind: notifications.kind,
          subscriptionId: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          hasSettings: sql<boolean>`${notificationSettings.userId} is not null`,
          directMessages: notificationSettings.pushDirectMessages,
          comments: notificationSettings.pushComments,
          likes: notificationSettings.pushLikes,
          follows: notificationSettings.pushFollows,
          feeds: notificationSettings.pushFeeds,
          weather: notificationSettings.pushWeather,
        })
        .from(notifications)
        .innerJoin(
          pushSubscriptions,
          and(eq(pushSubscriptions.userId, notifications.receiverId), sessionLive),
        )
        .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.receiverId))
        .where(ids);
      return rows.map((r) => ({
        notificationId: r.notificationId,
        receiverId: r.receiverId,
        kind: r.kind,
        subscriptionId: r.subscriptionId,
        endpoint: r.endpoint,
        p256dh: r.p256dh,
        auth: r.auth,
        settings: r.hasSettings
          ? {
              directMessages: r.directMessages ?? true,
              comments: r.comments ?? true,
              likes: r.likes ?? true,
              follows: r.follows ?? true,
              feeds: r.feeds ?? true,
              weather: r.weather ?? true,
            }
          : null,
      }));
    },
  };
}
export type PushRepo = ReturnType<typeof createPushRepo>;
