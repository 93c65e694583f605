import type { ClothesType } from '@otboo/contract';
import type { OutfitPlan } from './bands.js';
import { indexOf, shortlister } from './candidates.js';
import { chooseOutfit, type Chosen } from './choose-outfit.js';
import { readDay, type Conditions, type EngineWeather } from './conditions.js';
import type { GarmentProfile } from './garment-profile.js';
import { ranker } from './ranking.js';
import { tasteFor, tasteScorer } from './scoring.js';
import { compromisesOf, missingOf, type Compromise, type Missing } from './shortfalls.js';
import { SLOT_ORDER, type Candidate, type Slot } from './slots.js';
import type { Taste, WearRecord } from './taste.js';

export type { WearRecord } from './taste.js';
export { RECENT_HOURS, SIMILAR_WEATHER_DEGREES } from './taste.js';
export type { Conditions, EngineWeather } from './conditions.js';
export type { Candidate, Slot } from './slots.js';
export { SLOT_ORDER, slotOf } from './slots.js';
export type { Compromise, Missing, MissingSlot } from './shortfalls.js';
export { WEIGHTS } from './scoring.js';
export { WARMTH_SLACK } from './candidates.js';

export interface RecommendInput {
  weather: EngineWeather;
  sensitivity: number;
  /** The shift (°C) learned from the user's 'how did it feel?' answers, added after the sensitivity (default 0). */
  calibration?: number;
  /** Never changed once passed in: its grouping by type is remembered for the next request. */
  closet: readonly Candidate[];
  history: readonly WearRecord[];
  /** Instant of the day being dressed for ("worn in the last 3 days" counts back from it). */
  dayAt: Date;
  /** Garments already shown for this day in the current "다른 옷 추천" round. */
  shown: ReadonlySet<string>;
  /** Salt for the deterministic tie-break between equally good garments (the weather id). */
  salt: string;
  /** Garments the user took out of this day's recommendations ('이 옷 빼기'): never proposed for the day. */
  excluded?: ReadonlySet<string>;
  /** Times each garment was taken out on other days (the user's recent exclusions): counts against it. */
  excludedElsewhere?: ReadonlyMap<string, number>;
  /**
   * Garments the outfit must hold, each in its slot (slotOf; at most one per slot, never a dress with a top or
   * bottom): '이 옷 빼기' asks again keeping the rest of the outfit (docs/api.md §4).
   */
  keep?: readonly Candidate[];
  /**
   * Garments to reuse when the day's weather allows them as well as another (a trip's bag): ranked above every
   * taste term, never above a better fit to the weather.
   */
  preferred?: ReadonlySet<string>;
}

export interface Pick {
  slot: Slot;
  id: string;
  /** Bands between the garment and the day: 0 fits, > 0 is the best there was. */
  distance: number;
  tooLight: boolean;
  waterproof: boolean;
  profile: GarmentProfile;
  /** Worn by the user in similar weather. */
  favourite: boolean;
  /** The rule this piece breaks, when the closet had nothing better. */
  compromise: Compromise | null;
}

export interface Recommendation {
  picks: Pick[];
  conditions: Conditions;
  plan: OutfitPlan;
  missing: Missing[];
  /** Rules the outfit breaks because no better outfit could be made from the closet (each once). */
  compromises: Compromise[];
}

/**
 * Recommends one outfit from the closet for the day: the temperature band decides the slots and how warm each
 * piece must be; the pieces are then chosen together so that their styles and colours go with each other
 * (docs/recommendations.md). Pure and deterministic: the same input gives the same outfit.
 *
 * The stages: read the day (conditions.ts) → shortlist each slot's garments by weather (candidates.ts) → rank
 * them with the user's taste (scoring.ts, ranking.ts) → choose the outfit (choose-outfit.ts) → what it lacks or
 * gives up (shortfalls.ts) → the picks in display order.
 */
export function recommend(input: RecommendInput): Recommendation {
  const { closet } = input;
  const { conditions, plan, traits } = readDay(input.weather, input.sensitivity, input.calibration ?? 0);
  const { byType, byId } = indexOf(closet);
  const ofType = (type: ClothesType) => byType.get(type) ?? [];
  const taste = tasteFor(input.history, closet, conditions.apparent, input.dayAt.getTime(), byId);
  const tasteScore = tasteScorer({
    taste,
    excludedElsewhere: input.excludedElsewhere ?? new Map<string, number>(),
    shown: input.shown,
    preferred: input.preferred,
    salt: input.salt,
  });
  const shortlist = shortlister(closet, traits, input.excluded ?? new Set<string>());
  const chosen = chooseOutfit({
    plan,
    day: traits,
    closet,
    ofType,
    keep: input.keep ?? [],
    optionsFor: ranker(shortlist, tasteScore),
    tasteScore,
  });
  const missing = missingOf(chosen, plan, ofType);
  const picks = picksOf(chosen, compromisesOf(chosen, traits.materialDay), taste);
  const compromises = [...new Set(picks.flatMap((p) => (p.compromise ? [p.compromise] : [])))];
  return { picks, conditions, plan, missing, compromises };
}

/** The chosen pieces as the answer shows them, in display order (SLOT_ORDER). */
function picksOf(
  chosen: readonly Chosen[],
  compromiseOf: ReadonlyMap<string, Compromise>,
  taste: Taste,
): Pick[] {
  const picks: Pick[] = chosen.map(({ slot, option }) => ({
    slot,
    id: option.id,
    distance: option.distance,
    tooLight: option.tooLight,
    waterproof: option.candidate.profile.waterproof,
    profile: option.candidate.profile,
    favourite: (taste.similar.get(option.id) ?? 0) > 0,
    compromise: compromiseOf.get(option.id) ?? null,
  }));
  picks.sort((a, b) => SLOT_ORDER.indexOf(a.slot) - SLOT_ORDER.indexOf(b.slot));
  return picks;
}

/** Order-independent identity of an outfit. */
export function outfitSignature(picks: readonly Pick[]): string {
  return picks
    .map((p) => p.id)
    .sort()
    .join(',');
}
