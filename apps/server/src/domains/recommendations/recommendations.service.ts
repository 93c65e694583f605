import { ko, type OotdDto, type RecommendationDto } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import { fileUrl } from '../../adapters/storage/storage.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { apparentTemperature, NEUTRAL_SENSITIVITY } from './engine/apparent-temperature.js';
import { buildReason } from './engine/reason.js';
import { recommend, type Candidate, type EngineWeather, type WearRecord } from './engine/recommend.js';
import type { ClosetGarment, RecommendationsRepo, WeatherRow, WearRow } from './recommendations.repo.js';
import { createProfileCache, type ProfileCache } from './profile-cache.js';
import { createRotationStore, type RotationStore } from './rotation.js';

/** Garment wears read per request: enough for months of daily posts. */
const HISTORY_LIMIT = 300;

export interface RecommendationsServiceDeps {
  db: Db;
  repo: RecommendationsRepo;
  rotation?: RotationStore;
  profiles?: ProfileCache;
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

function toOotd(g: ClosetGarment): OotdDto {
  return {
    clothesId: g.id,
    name: g.name,
    imageUrl: fileUrl(g.imageKey),
    thumbnailUrl: fileUrl(g.thumbnailKey),
    type: g.type,
    attributes: g.attributes.map((a) => ({
      definitionId: a.definitionId,
      definitionName: a.definitionName,
      selectableValues: a.selectableValues,
      value: a.value,
    })),
  };
}

export function createRecommendationsService({
  db,
  repo,
  rotation = createRotationStore(),
  profiles = createProfileCache(),
}: RecommendationsServiceDeps) {
  return {
    /**
     * An outfit from the caller's own closet for the given forecast day. Asking again for the same day gives the
     * next-best complete outfit while alternatives remain ("다른 옷 추천"), then starts over.
     */
    async recommend(actor: Actor, weatherId: string): Promise<RecommendationDto> {
      const weatherRow = await repo.findWeather(db, weatherId);
      if (!weatherRow) throw notFound(ko.weather.weatherNotFound, 'WeatherNotFoundException');
      const [sensitivity, closet, wears] = await Promise.all([
        repo.sensitivityOf(db, actor.userId),
        repo.closetOf(db, actor.userId),
        repo.wearHistory(db, actor.userId, HISTORY_LIMIT),
      ]);

      const candidates: Candidate[] = closet.map((g) => ({ id: g.id, type: g.type, profile: profiles.profileOf(g) }));
      const input = {
        weather: engineWeather(weatherRow),
        sensitivity: sensitivity ?? NEUTRAL_SENSITIVITY,
        closet: candidates,
        history: wears.map(wearRecord),
        dayAt: weatherRow.forecastAt,
        salt: weatherRow.id,
      };
      const result = rotation.next(`${actor.userId}:${weatherRow.id}`, (shown) => recommend({ ...input, shown }));

      const byId = new Map(closet.map((g) => [g.id, g]));
      return {
        weatherId: weatherRow.id,
        userId: actor.userId,
        clothes: result.picks.map((p) => toOotd(byId.get(p.id)!)),
        reason: buildReason(result, closet.length),
      };
    },
  };
}
export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
