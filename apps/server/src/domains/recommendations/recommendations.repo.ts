import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { must } from '../../lib/must.js';
import { runPrepared } from '../../lib/prepared.js';
import {
  clothes,
  feedClothes,
  feeds,
  recommendationExclusions,
  weatherForecasts,
} from '../../db/schema/index.js';
import type { ClothesApi, GarmentWithAttributes } from '../clothes/index.js';
import type { FeedsApi } from '../feeds/index.js';
import type { UsersApi } from '../users/index.js';

/** The columns of a forecast row the recommender reads. */
export interface WeatherRow {
  id: string;
  forecastDate: string;
  forecastAt: Date;
  skyStatus: 'CLEAR' | 'MOSTLY_CLOUDY' | 'CLOUDY';
  precipitationType: 'NONE' | 'RAIN' | 'RAIN_SNOW' | 'SNOW' | 'SHOWER';
  precipitationProbability: number;
  humidity: number;
  temperatureCurrent: number;
  temperatureMin: number;
  temperatureMax: number;
  windSpeed: number;
}

/** A garment of the user's closet with its attributes (read through the clothes domain). */
export type ClosetGarment = GarmentWithAttributes;

/** Version keys of what the recommender caches per user, and the profile's sensitivity (null: no profile). */
export interface UserState {
  closetVersion: string;
  historyVersion: string;
  sensitivity: number | null;
  /** The shift learned from the user's 'how did it feel?' answers (°C; 0 when none). */
  calibration: number;
  /** Garments the user took out of this day's recommendations, oldest first. */
  excludedToday: string[];
  /** Garments the user took out on other days, one entry per time (the latest EXCLUSIONS_READ exclusions). */
  excludedElsewhere: string[];
}

/** Latest exclusions read with each recommendation: enough to tell a habit, bounded however long the history. */
export const EXCLUSIONS_READ = 200;

/** One garment of one of the user's OOTD posts, with that post's weather. */
export interface WearRow {
  clothesId: string;
  wornAt: Date;
  weather: Pick<WeatherRow, 'forecastDate' | 'temperatureCurrent' | 'humidity' | 'windSpeed'>;
}

const weatherColumns = {
  id: weatherForecasts.id,
  forecastDate: weatherForecasts.forecastDate,
  forecastAt: weatherForecasts.forecastAt,
  skyStatus: weatherForecasts.skyStatus,
  precipitationType: weatherForecasts.precipitationType,
  precipitationProbability: weatherForecasts.precipitationProbability,
  humidity: weatherForecasts.humidity,
  temperatureCurrent: weatherForecasts.temperatureCurrent,
  temperatureMin: weatherForecasts.temperatureMin,
  temperatureMax: weatherForecasts.temperatureMax,
  windSpeed: weatherForecasts.windSpeed,
};

/** What the recommender learns from the domains that own the closet, the posts and the profile. */
export interface RecommendationsRepoDeps {
  clothes: Pick<ClothesApi, 'closet' | 'closetVersionSql'>;
  feeds: Pick<FeedsApi, 'historyVersionSql'>;
  users: Pick<UsersApi, 'sensitivitySql'>;
}

/**
 * Reads for the recommender: its own tables, and the forecast and wear rows it reads (read-only). The closet, its
 * version, the post history's version and the profile's sensitivity come from their owners' api; the versions and
 * the sensitivity as expressions the owners write, read inside the recommender's statement, so the whole state
 * is one round trip (docs/architecture.md §Modules). Each is read from the
 * shared database on every request, so a change on any instance shows at once.
 */
export function createRecommendationsRepo(owners: RecommendationsRepoDeps) {
  return {
    /**
     * The forecast day and, in the same round trip, what the recommender caches for the user: version keys of the
     * closet (its garments and the attribute definitions) and of the post history, the profile's sensitivity and the
     * learned shift.
     * Undefined when the forecast does not exist.
     */
    async dayFor(
      db: Executor,
      weatherId: string,
      userId: string,
    ): Promise<{ weather: WeatherRow; state: UserState } | undefined> {
      // Run prepared (lib/prepared.ts): parsing and planning its subqueries cost the database more than running them.
      const query = db
        .select({
          ...weatherColumns,
          closetVersion: owners.clothes.closetVersionSql(userId),
          historyVersion: owners.feeds.historyVersionSql(userId),
          sensitivity: owners.users.sensitivitySql(userId),
          // One row by key however many answers taught it (docs/recommendations.md §7).
          calibration:
            sql<number>`coalesce((select k.shift_celsius from recommendation_calibrations k where k.user_id = ${userId}), 0)`.mapWith(
              Number,
            ),
          exclusions: sql<string>`(select coalesce(json_agg(json_build_array(x.clothes_id, x.weather_id = ${weatherId}) order by x.created_at), '[]')::text
            from (select e.clothes_id, e.weather_id, e.created_at from recommendation_exclusions e where e.user_id = ${userId}
              order by e.created_at desc limit ${EXCLUSIONS_READ}) x)`,
        })
        .from(weatherForecasts)
        .where(eq(weatherForecasts.id, weatherId))
        .limit(1);
      const [row] = await runPrepared(query);
      if (!row) return undefined;
      const { closetVersion, historyVersion, sensitivity, calibration, exclusions, ...weather } = row;
      const excludedToday: string[] = [];
      const excludedElsewhere: string[] = [];
      for (const [clothesId, today] of JSON.parse(exclusions) as [string, boolean][])
        (today ? excludedToday : excludedElsewhere).push(clothesId);
      return {
        weather,
        state: { closetVersion, historyVersion, sensitivity, calibration, excludedToday, excludedElsewhere },
      };
    },

    /**
     * What the recommender caches for a user, without a forecast day (days ahead: plans and trips): the version keys,
     * the profile's sensitivity, the learned shift and the latest exclusions (all counted as on other days).
     */
    async stateOf(db: Executor, userId: string): Promise<Omit<UserState, 'excludedToday'>> {
      const [first] = await rowsOf<{
        closet_version: string;
        history_version: string;
        sensitivity: number | null;
        calibration: number;
        exclusions: string;
      }>(
        db,
        sql`select
          ${owners.clothes.closetVersionSql(userId)} as closet_version,
          ${owners.feeds.historyVersionSql(userId)} as history_version,
          ${owners.users.sensitivitySql(userId)} as sensitivity,
          coalesce((select k.shift_celsius from recommendation_calibrations k where k.user_id = ${userId}), 0) as calibration,
          (select coalesce(json_agg(x.clothes_id order by x.created_at), '[]')::text
            from (select e.clothes_id, e.created_at from recommendation_exclusions e where e.user_id = ${userId}
              order by e.created_at desc limit ${EXCLUSIONS_READ}) x) as exclusions`,
      );
      const row = must(first, 'a select without from gives one row');
      return {
        closetVersion: row.closet_version,
        historyVersion: row.history_version,
        sensitivity: row.sensitivity === null ? null : Number(row.sensitivity),
        calibration: Number(row.calibration),
        excludedElsewhere: JSON.parse(row.exclusions) as string[],
      };
    },

    /** Every garment of the owner with its attributes, as the closet reads them. */
    async closetOf(_db: Executor, ownerId: string): Promise<ClosetGarment[]> {
      return owners.clothes.closet(ownerId);
    },

    /** The user's most recent worn garments (newest first) with the weather of the post they were in. */
    async wearHistory(db: Executor, userId: string, limit: number): Promise<WearRow[]> {
      const rows = await db
        .select({
          clothesId: feedClothes.clothesId,
          wornAt: feeds.createdAt,
          forecastDate: weatherForecasts.forecastDate,
          temperatureCurrent: weatherForecasts.temperatureCurrent,
          humidity: weatherForecasts.humidity,
          windSpeed: weatherForecasts.windSpeed,
        })
        .from(feeds)
        .innerJoin(feedClothes, eq(feedClothes.feedId, feeds.id))
        .innerJoin(weatherForecasts, eq(weatherForecasts.id, feeds.weatherId))
        .where(and(eq(feeds.authorId, userId), isNotNull(feedClothes.clothesId)))
        .orderBy(desc(feeds.createdAt))
        .limit(limit);
      // The where clause leaves out deleted garments; flatMap tells the type checker so.
      return rows.flatMap((r) =>
        r.clothesId === null
          ? []
          : [
              {
                clothesId: r.clothesId,
                wornAt: r.wornAt,
                weather: {
                  forecastDate: r.forecastDate,
                  temperatureCurrent: r.temperatureCurrent,
                  humidity: r.humidity,
                  windSpeed: r.windSpeed,
                },
              },
            ],
      );
    },

    /** Whether the forecast exists and who owns the garment (undefined: no such garment), in one round trip. */
    async exclusionTarget(
      db: Executor,
      weatherId: string,
      clothesId: string,
    ): Promise<{ weatherExists: boolean; ownerId: string | undefined }> {
      const [row] = await rowsOf<{ weather_exists: boolean; owner_id: string | null }>(
        db,
        sql`select exists (select 1 from weather_forecasts w where w.id = ${weatherId}) as weather_exists,
          (select c.owner_id from clothes c where c.id = ${clothesId}) as owner_id`,
      );
      return { weatherExists: Boolean(row?.weather_exists), ownerId: row?.owner_id ?? undefined };
    },

    /** The owners of the given garments, by garment id (unknown garments are left out). */
    async ownersOf(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: clothes.id, ownerId: clothes.ownerId })
        .from(clothes)
        .where(inArray(clothes.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.ownerId]));
    },

    /** Takes the user's own garment out of the day's recommendations; nothing happens when it is out already. */
    async addExclusion(db: Executor, userId: string, weatherId: string, clothesId: string): Promise<void> {
      await db
        .insert(recommendationExclusions)
        .values({ userId, weatherId, clothesId })
        .onConflictDoNothing();
    },

    /** Puts a garment back into the day's recommendations; nothing happens when it was not out. */
    async removeExclusion(db: Executor, userId: string, weatherId: string, clothesId: string): Promise<void> {
      await db
        .delete(recommendationExclusions)
        .where(
          and(
            eq(recommendationExclusions.userId, userId),
            eq(recommendationExclusions.weatherId, weatherId),
            eq(recommendationExclusions.clothesId, clothesId),
          ),
        );
    },
  };
}
export type RecommendationsRepo = ReturnType<typeof createRecommendationsRepo>;
