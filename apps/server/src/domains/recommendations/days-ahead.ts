import type { OotdDto, WeatherDto } from '@otboo/contract';
import { seoulParts } from '../../lib/seoul-time.js';
import type { Db } from '../../db/client.js';
import { awayOn, toOotdDto } from '../clothes/index.js';
import { NEUTRAL_SENSITIVITY } from './engine/apparent-temperature.js';
import { buildPieceReason, buildReason } from './engine/reason.js';
import { recommend, slotOf, type EngineWeather, type Slot } from './engine/recommend.js';
import type { ClosetCache } from './closet-cache.js';
import { engineWeatherOf, wearRecord } from './engine-inputs.js';
import type { ClosetGarment, RecommendationsRepo } from './recommendations.repo.js';

/** Worn garments kept in a user's history (as for today's recommendation). */
const HISTORY_LIMIT = 300;

/** A day ahead to dress for: a stored forecast, or a month's climate normals where no forecast reaches (trips). */
export interface DayAhead {
  /** YYYY-MM-DD, Asia/Seoul. */
  date: string;
  weather: EngineWeather;
  /** The instant the day is dressed for: "worn in the last 3 days" counts back from it. */
  dayAt: Date;
}

export interface DressOptions {
  /** Pieces to avoid while another that the day's weather allows exists (yesterday's top, bottom and outer). */
  avoid?: ReadonlySet<string>;
  /** Only these pieces may be picked (a trip's bag); every available piece when absent. */
  only?: ReadonlySet<string>;
  /** Pieces to reuse when the weather allows them as well as another (a trip's bag). */
  prefer?: ReadonlySet<string>;
}

/** One day's outfit, as a recommendation answers it (docs/api.md §4, §10). */
export interface DayOutfit {
  clothes: (OotdDto & { reason: string })[];
  /** The picks with their slots, in the outfit's order. */
  picks: { id: string; slot: Slot }[];
  /** The °C the outfit was chosen for (apparent, then sensitivity, then the learned shift). */
  personalTemperature: number;
  reason: string;
}

/** What a planner of days ahead is given for one user: their closet, read once, dressed for any number of days. */
export interface Dresser {
  /** The closet (archived pieces are not in it), whatever their availability. */
  garments: readonly ClosetGarment[];
  /** The outfit slot of a garment of the closet (null: not worn in an outfit, or not in the closet). */
  slotOf(id: string): Slot | null;
  /** Rain gear: an umbrella-like accessory, or a waterproof outer or pair of shoes (a trip packs it for wet days). */
  isRainGear(id: string): boolean;
  /** Whether the piece is in the closet and not away (laundry, lent, repair) on the date. */
  availableOn(id: string, date: string): boolean;
  /** An outfit for the day by the recommendation rules, from the pieces available that day. */
  dress(day: DayAhead, options?: DressOptions): DayOutfit;
}

/**
 * A forecast day as the weather service answers it (GET /api/weathers) → the day to dress for: its Asia/Seoul
 * date, the engine's weather (the fields recommendations.service.ts reads from the stored row) and its hour.
 */
export function dayAheadOf(w: WeatherDto): DayAhead {
  const dayAt = new Date(w.forecastAt);
  const date = seoulParts(dayAt).date;
  return { date, dayAt, weather: engineWeatherOf(w, date) };
}

/** Times each garment appears in a list. */
function counts(ids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of ids) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

/**
 * Outfits for days ahead (the week's plans, a trip's days): the same engine, closet cache, sensitivity and learned
 * shift as today's recommendation, without its '다른 옷 추천' round. Reads the user once (three queries at most,
 * however many days), so a 14-day trip costs fourteen engine runs and no more round trips.
 */
export function createDaysAhead({
  db,
  repo,
  cache,
}: {
  db: Db;
  repo: RecommendationsRepo;
  cache: ClosetCache;
}) {
  return async function dresserFor(userId: string): Promise<Dresser> {
    const state = await repo.stateOf(db, userId);
    const closet = await cache.closet(userId, state.closetVersion, () => repo.closetOf(db, userId));
    const history = await cache.history(userId, state.historyVersion, async () =>
      (await repo.wearHistory(db, userId, HISTORY_LIMIT)).map(wearRecord),
    );
    const excludedElsewhere = counts(state.excludedElsewhere);
    const none = new Set<string>();

    const availableOn = (id: string, date: string) => {
      const g = closet.byId.get(id);
      return g !== undefined && !awayOn(g.away, date);
    };

    return {
      garments: closet.garments,
      slotOf: (id) => {
        const c = closet.candidateById.get(id);
        return c ? slotOf(c) : null;
      },
      isRainGear: (id) => {
        const c = closet.candidateById.get(id);
        if (!c) return false;
        const slot = slotOf(c);
        return slot === 'UMBRELLA' || ((slot === 'OUTER' || slot === 'SHOES') && c.profile.waterproof);
      },
      availableOn,
      dress(day, { avoid = none, only, prefer } = {}) {
        const result = recommend({
          weather: day.weather,
          sensitivity: state.sensitivity ?? NEUTRAL_SENSITIVITY,
          calibration: state.calibration,
          closet: closet.candidates.filter((c) => availableOn(c.id, day.date) && (!only || only.has(c.id))),
          history: history.wears,
          dayAt: day.dayAt,
          // The same day dresses the same way: the tie-break depends on the user and the date only.
          salt: `${userId}:${day.date}`,
          shown: avoid,
          excludedElsewhere,
          preferred: prefer,
        });
        return {
          clothes: result.picks.flatMap((p) => {
            const g = closet.byId.get(p.id);
            return g
              ? [{ ...toOotdDto({ ...g, clothesId: g.id }), reason: buildPieceReason(p, result) }]
              : [];
          }),
          picks: result.picks.map((p) => ({ id: p.id, slot: p.slot })),
          personalTemperature: Math.round(result.conditions.personal * 10) / 10 + 0,
          reason: buildReason(result, closet.garments.length),
        };
      },
    };
  };
}
export type DresserFor = ReturnType<typeof createDaysAhead>;
