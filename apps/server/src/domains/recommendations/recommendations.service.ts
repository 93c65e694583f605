import { ko, type RecommendationDto } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { toOotdDto } from '../clothes/index.js';
import { apparentTemperature, NEUTRAL_SENSITIVITY } from './engine/apparent-temperature.js';
import { buildReason } from './engine/reason.js';
import { recommend, type EngineWeather, type WearRecord } from './engine/recommend.js';
import type { RecommendationsRepo, WeatherRow, WearRow } from './recommendations.repo.js';
import { createClosetCache, type ClosetCache } from './closet-cache.js';
import { createRotationStore, type RotationStore } from './rotation.js';

/** Worn garments kept in a user's history: months of daily posts. */
const HISTORY_LIMIT = 300;

export interface RecommendationsServiceDeps {
  db: Db;
  repo: RecommendationsRepo;
  rotation?: RotationStore;
  cache?: ClosetCache;
}

const monthOf = (isoDate: string) => Number(isoDate.slice(5, 7));

function engineWeather(w: WeatherRow): EngineWeather {
  return {
    temperature: w.temperatureCurrent,
    min: w.temperatureMin,
    max: w.temperatureMax,
    humidity: w.humidity,
    windSpeed: w.windSpeed,
    precipitationType: w.precipitationType,
    precipitationProbability: w.precipitationProbability,
    skyStatus: w.skyStatus,
    month: monthOf(w.forecastDate),
  };
}

function wearRecord(row: WearRow): WearRecord {
  const { value } = apparentTemperature({
    temperature: row.weather.temperatureCurrent,
    windSpeed: row.weather.windSpeed,
    humidity: row.weather.humidity,
    month: monthOf(row.weather.forecastDate),
  });
  return { clothesId: row.clothesId, wornAt: row.wornAt, apparent: value };
}

export function createRecommendationsService({
  db,
  repo,
  rotation = createRotationStore(),
  cache = createClosetCache(),
}: RecommendationsServiceDeps) {
  return {
    /**
     * An outfit from the caller's own closet for the given forecast day. Asking again for the same day gives the
     * next-best complete outfit while alternatives remain ("다른 옷 추천"), then starts over.
     */
    async recommend(actor: Actor, weatherId: string): Promise<RecommendationDto> {
      const day = await repo.dayFor(db, weatherId, actor.userId);
      if (!day) throw notFound(ko.weather.weatherNotFound, 'WeatherNotFoundException');
      const { weather: weatherRow, state } = day;
      const closet = await cache.closet(actor.userId, state.closetVersion, () =>
        repo.closetOf(db, actor.userId),
      );
      const history = await cache.history(actor.userId, state.historyVersion, async () =>
        (await repo.wearHistory(db, actor.userId, HISTORY_LIMIT)).map(wearRecord),
      );

      const input = {
        weather: engineWeather(weatherRow),
        sensitivity: state.sensitivity ?? NEUTRAL_SENSITIVITY,
        closet: closet.candidates,
        history: history.wears,
        dayAt: weatherRow.forecastAt,
        salt: weatherRow.id,
      };
      const result = rotation.next(`${actor.userId}:${weatherRow.id}`, (shown) =>
        recommend({ ...input, shown }),
      );

      return {
        weatherId: weatherRow.id,
        userId: actor.userId,
        clothes: result.picks.map((p) => {
          const g = closet.byId.get(p.id)!;
          return toOotdDto({ ...g, clothesId: g.id });
        }),
        reason: buildReason(result, closet.garments.length),
      };
    },
  };
}
export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
