import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { feeds, profiles, users, weatherAlerts, weatherForecasts as wf } from '../../db/schema/index.js';

export type ForecastRow = typeof wf.$inferSelect;
export type NewForecastRow = typeof wf.$inferInsert;
export type ForecastSourceName = ForecastRow['source'];

/** Every Drizzle query of the weather domain. */
export function createWeatherRepo() {
  return {
    insertBatch(ex: Executor, rows: NewForecastRow[]): Promise<ForecastRow[]> {
      return ex.insert(wf).values(rows).returning();
    },

    /** The newest batch of a cell whose first day came from one of `sources`, ordered by day. */
    latestBatch(ex: Executor, sources: ForecastSourceName[], x: number, y: number): Promise<ForecastRow[]> {
      const head = ex
        .select({ batchId: wf.batchId })
        .from(wf)
        .where(and(inArray(wf.source, sources), eq(wf.gridX, x), eq(wf.gridY, y), eq(wf.dayIndex, 0)))
        .orderBy(desc(wf.createdAt))
        .limit(1);
      return ex.select().from(wf).where(inArray(wf.batchId, head)).orderBy(asc(wf.dayIndex));
    },

    /**
     * The days from `date` on of the newest provider batch (not an estimate) that has `date`: what is
     * served, marked stale, when the provider fails.
     */
    latestCovering(ex: Executor, x: number, y: number, date: string): Promise<ForecastRow[]> {
      const head = ex
        .select({ batchId: wf.batchId })
        .from(wf)
        .where(and(eq(wf.gridX, x), eq(wf.gridY, y), eq(wf.forecastDate, date), ne(wf.source, 'climatology')))
        .orderBy(desc(wf.createdAt))
        .limit(1);
      return ex
        .select()
        .from(wf)
        .where(and(inArray(wf.batchId, head), gte(wf.forecastDate, date)))
        .orderBy(asc(wf.forecastDate));
    },

    /** The newest provider row of a cell for one date (the day before, when the provider lacks it). */
    async storedDay(ex: Executor, x: number, y: number, date: string): Promise<ForecastRow | undefined> {
      const [row] = await ex
        .select()
        .from(wf)
        .where(and(eq(wf.gridX, x), eq(wf.gridY, y), eq(wf.forecastDate, date), ne(wf.source, 'climatology')))
        .orderBy(desc(wf.createdAt))
        .limit(1);
      return row;
    },

    async findById(ex: Executor, id: string): Promise<ForecastRow | undefined> {
      const [row] = await ex.select().from(wf).where(eq(wf.id, id));
      return row;
    },

    findByIds(ex: Executor, ids: string[]): Promise<ForecastRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return ex.select().from(wf).where(inArray(wf.id, ids));
    },

    /** Grid cells of users' saved profile locations. */
    async savedCells(ex: Executor): Promise<{ x: number; y: number }[]> {
      const rows = await ex
        .selectDistinct({ x: profiles.gridX, y: profiles.gridY })
        .from(profiles)
        .where(and(isNotNull(profiles.gridX), isNotNull(profiles.gridY)));
      return rows.flatMap((r) => (r.x === null || r.y === null ? [] : [{ x: r.x, y: r.y }]));
    },

    /** Active users whose saved location is in a cell. */
    async usersInCell(ex: Executor, x: number, y: number): Promise<string[]> {
      const rows = await ex
        .select({ userId: profiles.userId })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(and(eq(profiles.gridX, x), eq(profiles.gridY, y), eq(users.locked, false)));
      return rows.map((r) => r.userId);
    },

    /** Alerts not sent before (per user, day and kind); returns the ones inserted now. */
    insertAlerts(ex: Executor, rows: { userId: string; forecastDate: string; kind: string }[]) {
      if (rows.length === 0) return Promise.resolve([]);
      return ex
        .insert(weatherAlerts)
        .values(rows)
        .onConflictDoNothing()
        .returning({ userId: weatherAlerts.userId, kind: weatherAlerts.kind });
    },

    /**
     * Deletes forecasts that are old, describe a past day and no feed refers to (feeds.weather_id is ON DELETE
     * RESTRICT, so the guard keeps every posted forecast). Returns how many went.
     */
    async prune(ex: Executor, createdBefore: Date, dateBefore: string): Promise<number> {
      const deleted = await ex
        .delete(wf)
        .where(
          and(
            lt(wf.createdAt, createdBefore),
            lt(wf.forecastDate, dateBefore),
            notExists(
              ex
                .select({ one: sql`1` })
                .from(feeds)
                .where(eq(feeds.weatherId, wf.id)),
            ),
          ),
        )
        .returning({ id: wf.id });
      return deleted.length;
    },
  };
}
export type WeatherRepo = ReturnType<typeof createWeatherRepo>;
