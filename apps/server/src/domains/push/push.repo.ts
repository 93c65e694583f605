import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notificationSettings, notifications, pushSubscriptions } from '../../db/schema/index.js';
import type { NotificationKind } from '../../db/schema/index.js';
import { rowsOf } from '../../db/rows.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewPushSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiresAt: Date | null;
}

/** One device to push one notification to, with what decides whether and how (kind, cause, settings). */
export interface PushTarget {
  notificationId: string;
  receiverId: string;
  kind: NotificationKind | null;
  sourceUserId: string | null;
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

export function createPushRepo() {
  return {
    /**
     * Stores a subscription, or re-binds an existing endpoint (the same browser, maybe another user now) with its
     * new keys. `created` tells the two apart (`xmax = 0` only on a freshly inserted row version).
     */
    async upsert(
      db: Executor,
      row: NewPushSubscription,
    ): Promise<{ id: string; endpoint: string; createdAt: Date; created: boolean }> {
      const [stored] = await db
        .insert(pushSubscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: row.userId,
            p256dh: row.p256dh,
            auth: row.auth,
            expiresAt: row.expiresAt,
            updatedAt: new Date(),
          },
        })
        .returning({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          createdAt: pushSubscriptions.createdAt,
          created: sql<boolean>`(xmax = 0)`,
        });
      if (!stored) throw new Error('upsert returned no row');
      return stored;
    },

    /** Keeps a user's newest `max` subscriptions and deletes the rest; returns how many went. */
    async trim(db: Executor, userId: string, max: number): Promise<number> {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`delete from push_subscriptions where id in (
          select id from push_subscriptions where user_id = ${userId}
          order by created_at desc, id desc offset ${max})
        returning id`,
      );
      return rows.length;
    },

    listOf(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
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
     * Every (notification, receiver's device) pair of these notifications, in one statement: kind and cause from
     * the notification, the device's keys, and the receiver's push settings.
     */
    async targets(db: Executor, notificationIds: readonly string[]): Promise<PushTarget[]> {
      if (notificationIds.length === 0) return [];
      const rows = await db
        .select({
          notificationId: notifications.id,
          receiverId: notifications.receiverId,
          kind: notifications.kind,
          sourceUserId: notifications.sourceUserId,
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
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.receiverId))
        .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.receiverId))
        .where(inArray(notifications.id, [...notificationIds]));
      return rows.map((r) => ({
        notificationId: r.notificationId,
        receiverId: r.receiverId,
        kind: r.kind,
        sourceUserId: r.sourceUserId,
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
