import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { ClothesType } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { attributeDefs, clothes, clothesAttributes, feedClothes, feeds, profiles, weatherForecasts } from '../../db/schema/index.js';

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

export interface ClosetAttribute {
  definitionId: string;
  definitionName: string;
  selectableValues: string[];
  value: string;
}

export interface ClosetGarment {
  id: string;
  name: string;
  type: ClothesType;
  imageKey: string | null;
  thumbnailKey: string | null;
  attributes: ClosetAttribute[];
}

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

/**
 * Reads for the recommender. It reads the weather, closet and feed tables directly (read-only) so it does not
 * depend on those domains' services; writes stay with their owners.
 */
export function createRecommendationsRepo() {
  return {
    async findWeather(db: Executor, id: string): Promise<WeatherRow | undefined> {
      const [row] = await db.select(weatherColumns).from(weatherForecasts).where(eq(weatherForecasts.id, id)).limit(1);
      return row;
    },

    /** The profile's sensitivity, or null when the user has no profile row. */
    async sensitivityOf(db: Executor, userId: string): Promise<number | null> {
      const [row] = await db
        .select({ s: profiles.temperatureSensitivity })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      return row?.s ?? null;
    },

    /** Every garment of the owner with its attributes, in two queries. */
    async closetOf(db: Executor, ownerId: string): Promise<ClosetGarment[]> {
      const rows = await db
        .select({
          id: clothes.id,
          name: clothes.name,
          type: clothes.type,
          imageKey: clothes.imageKey,
          thumbnailKey: clothes.thumbnailKey,
        })
        .from(clothes)
        .where(eq(clothes.ownerId, ownerId));
      if (rows.length === 0) return [];
      const attributes = await db
        .select({
          clothesId: clothesAttributes.clothesId,
          definitionId: clothesAttributes.definitionId,
          definitionName: attributeDefs.name,
          selectableValues: attributeDefs.selectableValues,
          value: clothesAttributes.value,
        })
        .from(clothesAttributes)
        .innerJoin(clothes, eq(clothes.id, clothesAttributes.clothesId))
        .innerJoin(attributeDefs, eq(attributeDefs.id, clothesAttributes.definitionId))
        .where(eq(clothes.ownerId, ownerId))
        .orderBy(clothesAttributes.clothesId, attributeDefs.name);
      const byId = new Map<string, ClosetGarment>();
      const garments = rows.map((r) => {
        const g: ClosetGarment = { ...r, attributes: [] };
        byId.set(r.id, g);
        return g;
      });
      for (const { clothesId, ...attribute } of attributes) byId.get(clothesId)?.attributes.push(attribute);
      return garments;
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
      return rows.map((r) => ({
        clothesId: r.clothesId!,
        wornAt: r.wornAt,
        weather: {
          forecastDate: r.forecastDate,
          temperatureCurrent: r.temperatureCurrent,
          humidity: r.humidity,
          windSpeed: r.windSpeed,
        },
      }));
    },
  };
}
export type RecommendationsRepo = ReturnType<typeof createRecommendationsRepo>;
