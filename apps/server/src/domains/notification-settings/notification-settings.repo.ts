import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { morningOutfitDeliveries, notificationSettings, databaseNow } from '../../db/schema/index.js';

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
export type NotificationSettingsPatch = Partial<Omit<NotificationSettingsRow, 'userId' | 'updatedAt'>>;

/** A user due for the morning outfit, with what the notification needs from the profile. */
export interface DueUser {
  userId: string;
  minute: number;
  latitude: number | null;
  longitude: number | null;
  /** The profile's KMA grid cell: users of one cell share a forecast. */
  x: number | null;
  y: number | null;
  hasClothes: boolean;
}

export interface DueUsersQuery {
  day: string;
  fromMinute: number;
  toMinute: number;
  after: { minute: number; userId: string } | null;
  limit: number;
}

/**
 * Users whose morning outfit is due: enabled, their minute within [fromMinute, toMinute], not yet sent on `day`,
 * not locked; in (minute, user) order after `after`, at most `limit`. Reads the partial index
 * notification_settings_morning_idx, so the cost follows the users due, not all users. (Exported for the plan test.)
 */
export function dueUsersSql(q: DueUsersQuery): SQL {
  const after = q.after
    ? sql`and (s.morning_minute, s.user_id) > (${q.after.minute}::smallint, ${q.after.userId}::uuid)`
    : sql``;
  return sql`select s.user_id as "userId", s.morning_minute as "minute", p.latitude, p.longitude,
      p.grid_x as "x", p.grid_y as "y",
      exists (select 1 from clothes c where c.owner_id = s.user_id) as "hasClothes"
    from notification_settings s
    join users u on u.id = s.user_id and not u.locked
    left join profiles p on p.user_id = s.user_id
    where s.morning_enabled
      and s.morning_minute between ${q.fromMinute}::smallint and ${q.toMinute}::smallint
      ${after}
      and not exists (
        select 1 from morning_outfit_deliveries d where d.day = ${q.day}::date and d.user_id = s.user_id)
    order by s.morning_minute, s.user_id
    limit ${q.limit}`;
}

export function createNotificationSettingsRepo() {
  return {
    async find(db: Executor, userId: string): Promise<NotificationSettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId))
        .limit(1);
      return row;
    },

    /** Writes the given columns (the row is created with the defaults for the rest) and returns the whole row. */
    async upsert(
      db: Executor,
      userId: string,
      patch: NotificationSettingsPatch,
    ): Promise<NotificationSettingsRow> {
      const [row] = await db
        .insert(notificationSettings)
        .values({ userId, ...patch })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: { ...patch, updatedAt: databaseNow() },
        })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    dueUsers(db: Executor, q: DueUsersQuery): Promise<DueUser[]> {
      return rowsOf<DueUser & Record<string, unknown>>(db, dueUsersSql(q));
    },

    /**
     * Claims the day's morning outfit for these users; returns those claimed now. In the caller's transaction
     * with the notifications: a concurrent claim by another instance waits for this one's commit and then finds
     * the rows, so each user is served once.
     */
    async claimDeliveries(tx: Executor, day: string, userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await tx
        .insert(morningOutfitDeliveries)
        .values(userIds.map((userId) => ({ day, userId })))
        .onConflictDoNothing()
        .returning({ userId: morningOutfitDeliveries.userId });
      return new Set(rows.map((r) => r.userId));
    },

    /** Deletes delivery marks of days before `day` (nothing reads them once the day is over). */
    async pruneDeliveries(db: Executor, day: string): Promise<number> {
      const rows = await db
        .delete(morningOutfitDeliveries)
        .where(lt(morningOutfitDeliveries.day, day))
        .returning({ userId: morningOutfitDeliveries.userId });
      return rows.length;
    },
  };
}
export type NotificationSettingsRepo = ReturnType<typeof createNotificationSettingsRepo>;
