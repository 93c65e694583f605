import {
  ko,
  type RecommendationDto,
  type RecommendationExclusionRequest,
  type RecommendationQuery,
} from '@otboo/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { awayOn, toOotdDto } from '../clothes/index.js';
import { NEUTRAL_SENSITIVITY } from './engine/apparent-temperature.js';
import { buildPieceReason, buildReason } from './engine/reason.js';
import { recommend, slotOf, type EngineWeather, type Slot } from './engine/recommend.js';
import type { RecommendationsRepo, WeatherRow } from './recommendations.repo.js';
import { monthOf, wearRecord } from './engine-inputs.js';
import { createClosetCache, type CachedCloset, type ClosetCache } from './closet-cache.js';
import { createRotationStore, type RotationStore } from './rotation.js';

/** Worn garments kept in a user's history: months of daily posts. */
const HISTORY_LIMIT = 300;

export interface RecommendationsServiceDeps {
  db: Db;
  repo: RecommendationsRepo;
  rotation?: RotationStore;
  cache?: ClosetCache;
}

const weatherNotFound = () => notFound(ko.weather.weatherNotFound, 'WeatherNotFoundException');

/** Times each garment appears in a list. */
function counts(ids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of ids) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

const clothesNotFound = () => notFound(ko.clothes.notFound, 'ClothesNotFoundException');
const keepField = { keepClothesIds: ko.validation.fieldNames.keepClothesIds };
const unavailable = () =>
  conflict(ko.recommendations.keep.unavailable, 'ClothesUnavailableException', keepField);

/** The pieces of the base that never go together: a dress with a top or a bottom. */
const BASE_SLOTS: readonly Slot[] = ['TOP', 'BOTTOM', 'DRESS'];

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

export function createRecommendationsService({
  db,
  repo,
  rotation = createRotationStore(),
  cache = createClosetCache(),
}: RecommendationsServiceDeps) {
  /** The forecast must exist and the garment must be the caller's own (checked from the session, docs/api.md §1). */
  async function checkExclusion(actor: Actor, weatherId: string, clothesId: string) {
    const target = await repo.exclusionTarget(db, weatherId, clothesId);
    if (!target.weatherExists) throw weatherNotFound();
    if (target.ownerId === undefined) throw clothesNotFound();
    if (target.ownerId !== actor.userId)
      throw forbidden(ko.recommendations.exclusionNotOwner, 'ClothesForbiddenException');
  }

  /**
   * The garments to keep (docs/api.md §4), checked: the caller's own (unknown → 404, another user's → 403), not
   * taken out of the day (409), and one per slot of an outfit (400). Checked on the closet just read, so a garment
   * deleted meanwhile is unknown.
   */
  async function keptPieces(
    actor: Actor,
    ids: readonly string[],
    closet: CachedCloset,
    excludedToday: ReadonlySet<string>,
    awayToday: ReadonlySet<string>,
  ): Promise<string[]> {
    const unique = [...new Set(ids)];
    const strangers = unique.filter((id) => !closet.byId.has(id));
    if (strangers.length) {
      const owners = await repo.ownersOf(db, strangers);
      if (strangers.some((id) => !owners.has(id))) throw clothesNotFound();
      // The caller's own piece missing from the closet is in the archive (docs/api.md §10).
      if (strangers.every((id) => owners.get(id) === actor.userId)) throw unavailable();
      throw forbidden(ko.recommendations.keep.notOwner, 'ClothesForbiddenException');
    }
    if (unique.some((id) => awayToday.has(id))) throw unavailable();
    if (unique.some((id) => excludedToday.has(id)))
      throw conflict(ko.recommendations.keep.excluded, 'ClothesExcludedException', keepField);
    // Every id is in the closet by now; flatMap only satisfies the type checker.
    const slots = unique.flatMap((id) => {
      const candidate = closet.candidateById.get(id);
      return candidate ? [slotOf(candidate)] : [];
    });
    if (slots.includes(null)) throw badRequest(ko.recommendations.keep.notWearable, keepField);
    const base = slots.filter((s) => s !== null && BASE_SLOTS.includes(s));
    if (new Set(slots).size < slots.length || (base.includes('DRESS') && base.length > 1))
      throw badRequest(ko.recommendations.keep.sameSlot, keepField);
    return unique;
  }

  return {
    /**
     * An outfit from the caller's own closet for the given forecast day. Asking again for the same day gives the
     * next-best complete outfit while alternatives remain ("다른 옷 추천"), then starts over; with `current`, the
     * outfit now shown for the day (the same until the user asks for another, or the closet or the weather
     * changes); with `keepClothesIds`, that outfit again holding the kept pieces ('이 옷 빼기', docs/api.md §4).
     */
    async recommend(
      actor: Actor,
      { weatherId, keepClothesIds, current }: RecommendationQuery,
    ): Promise<RecommendationDto> {
      const day = await repo.dayFor(db, weatherId, actor.userId);
      if (!day) throw weatherNotFound();
      const { weather: weatherRow, state } = day;
      const closet = await cache.closet(actor.userId, state.closetVersion, () =>
        repo.closetOf(db, actor.userId),
      );
      const history = await cache.history(actor.userId, state.historyVersion, async () =>
        (await repo.wearHistory(db, actor.userId, HISTORY_LIMIT)).map(wearRecord),
      );

      const excluded = new Set(state.excludedToday);
      // Pieces away on the forecast day (docs/api.md §10); the cached closet holds them, so a later day may use them.
      const away = new Set(
        closet.garments.filter((g) => awayOn(g.away, weatherRow.forecastDate)).map((g) => g.id),
      );
      const keep = keepClothesIds ? await keptPieces(actor, keepClothesIds, closet, excluded, away) : null;
      const input = {
        weather: engineWeather(weatherRow),
        sensitivity: state.sensitivity ?? NEUTRAL_SENSITIVITY,
        calibration: state.calibration,
        closet: away.size ? closet.candidates.filter((c) => !away.has(c.id)) : closet.candidates,
        history: history.wears,
        dayAt: weatherRow.forecastAt,
        salt: weatherRow.id,
        excluded,
        excludedElsewhere: counts(state.excludedElsewhere),
      };
      const run = (shown: ReadonlySet<string>, keepIds: readonly string[]) =>
        recommend({
          ...input,
          shown,
          // A piece kept earlier and since deleted or taken out is no longer kept: its slot is chosen again.
          keep: keepIds.flatMap((id) => {
            const c = closet.candidateById.get(id);
            return c && !excluded.has(id) && !away.has(id) ? [c] : [];
          }),
        });
      const key = `${actor.userId}:${weatherRow.id}`;
      const result = keep
        ? rotation.keep(key, keep, run)
        : current
          ? rotation.current(key, run)
          : rotation.next(key, run);

      return {
        weatherId: weatherRow.id,
        userId: actor.userId,
        // Every pick comes from this closet; flatMap only satisfies the type checker.
        clothes: result.picks.flatMap((p) => {
          const g = closet.byId.get(p.id);
          return g ? [{ ...toOotdDto({ ...g, clothesId: g.id }), reason: buildPieceReason(p, result) }] : [];
        }),
        reason: buildReason(result, closet.garments.length),
        excludedClothesIds: state.excludedToday,
        personalTemperature: Math.round(result.conditions.personal * 10) / 10 + 0,
      };
    },

    /**
     * '이 옷 빼기': the caller's own garment is not proposed again for that forecast day (idempotent). Unknown
     * weather or garment → 404, another user's garment → 403.
     */
    async exclude(actor: Actor, { weatherId, clothesId }: RecommendationExclusionRequest): Promise<void> {
      await checkExclusion(actor, weatherId, clothesId);
      await repo.addExclusion(db, actor.userId, weatherId, clothesId);
    },

    /** Undoes '이 옷 빼기' (idempotent); the same checks as `exclude`. */
    async include(actor: Actor, { weatherId, clothesId }: RecommendationExclusionRequest): Promise<void> {
      await checkExclusion(actor, weatherId, clothesId);
      await repo.removeExclusion(db, actor.userId, weatherId, clothesId);
    },
  };
}
export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
