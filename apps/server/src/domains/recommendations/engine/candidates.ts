import type { ClothesType } from '@otboo/contract';
import type { DayTraits } from './conditions.js';
import { HEAVY_FABRIC_FROM_DEGREES, LIGHT_FABRIC_MAX_DEGREES } from './look.js';
import { fitOf, weatherScore } from './scoring.js';
import type { Candidate, Slot } from './slots.js';

/**
 * A garment stays a candidate while its weather score is within this of the best one of its slot: enough for
 * every garment that fits as well (centre and width differ by at most about one point), never one band less
 * warm or a piece the rain or a material rule speaks against while a better one exists.
 */
export const WARMTH_SLACK = 1.5;

export interface Tolerance {
  /** Bands a garment may be too warm by. */
  warm: number;
  /** Bands a garment may be too light by (a light top under a warm outer is fine, shorts in the snow are not). */
  light: number;
}
export const MAIN: Tolerance = { warm: 1, light: 2 };
export const EXACT: Tolerance = { warm: 0, light: 0 };
export const NEAR: Tolerance = { warm: 1, light: 1 };

export type Accept = (c: Candidate, fit: { distance: number; tooLight: boolean }) => boolean;

/** A garment warm and dry enough for a slot, with its weather score. */
export interface Shortlisted {
  candidate: Candidate;
  weather: number;
  distance: number;
  tooLight: boolean;
}

/** Closets grouped by type and indexed by id, remembered per closet array (one per closet version). */
const indexes = new WeakMap<
  readonly Candidate[],
  { byType: Map<ClothesType, Candidate[]>; byId: Map<string, Candidate> }
>();
export function indexOf(closet: readonly Candidate[]) {
  let index = indexes.get(closet);
  if (!index) {
    const byType = new Map<ClothesType, Candidate[]>();
    for (const c of closet) {
      const list = byType.get(c.type);
      if (list) list.push(c);
      else byType.set(c.type, [c]);
    }
    index = { byType, byId: new Map(closet.map((c) => [c.id, c])) };
    indexes.set(closet, index);
  }
  return index;
}

/** Scarves and warm accessories (a 목도리 filed as ACCESSORY), remembered per closet. */
const scarves = new WeakMap<readonly Candidate[], Candidate[]>();
export function scarfCandidates(closet: readonly Candidate[]): Candidate[] {
  let list = scarves.get(closet);
  if (!list) {
    list = closet.filter((c) => c.type === 'SCARF' || c.type === 'ACCESSORY');
    scarves.set(closet, list);
  }
  return list;
}

/** Shortlists kept per closet array, under their slot, band and day (a handful of days per closet). */
const MAX_SHORTLISTS = 64;
const shortlists = new WeakMap<readonly Candidate[], Map<string, readonly Shortlisted[]>>();
function shortlistsOf(closet: readonly Candidate[]): Map<string, readonly Shortlisted[]> {
  let held = shortlists.get(closet);
  if (!held) {
    held = new Map();
    shortlists.set(closet, held);
  }
  return held;
}
/** Which material rules of the temperature apply (materialRuleBroken): all a shortlist depends on. */
const materialBucket = (degrees: number) =>
  degrees <= LIGHT_FABRIC_MAX_DEGREES ? 'cold' : degrees >= HEAVY_FABRIC_FROM_DEGREES ? 'heat' : 'mild';

/**
 * The shortlister of one closet on one day. A shortlist is the garments of a slot that are warm and dry enough:
 * within tolerance, allowed by `accept`, not excluded for the day, and within WARMTH_SLACK of the best weather
 * score. They depend only on the closet and the weather, so they are kept for the next request ("다른 옷 추천"
 * asks again for the same day).
 */
export function shortlister(closet: readonly Candidate[], day: DayTraits, excluded: ReadonlySet<string>) {
  // What the weather score depends on besides the slot and band: the shortlists are kept per closet under it.
  const dayKey = `${day.wet}|${day.snow}|${day.windy}|${materialBucket(day.materialDay.degrees)}|${[...excluded].sort().join(',')}`;
  const held = shortlistsOf(closet);
  return (
    candidates: readonly Candidate[],
    band: number,
    slot: Slot,
    tolerance: Tolerance,
    variant: string,
    accept: Accept | null,
  ): readonly Shortlisted[] => {
    const key = `${slot}|${band}|${tolerance.warm}/${tolerance.light}|${variant}|${dayKey}`;
    const kept = held.get(key);
    if (kept) return kept;
    const scored: Shortlisted[] = [];
    let best = -Infinity;
    for (const c of candidates) {
      if (excluded.has(c.id)) continue;
      const { distance, tooLight } = fitOf(c.profile, band);
      if (distance > (tooLight ? tolerance.light : tolerance.warm)) continue;
      if (accept && !accept(c, { distance, tooLight })) continue;
      const weather = weatherScore(c, band, slot, distance, day);
      if (weather < best - WARMTH_SLACK) continue;
      best = Math.max(best, weather);
      scored.push({ candidate: c, weather, distance, tooLight });
    }
    const list = scored.filter((x) => x.weather >= best - WARMTH_SLACK);
    if (held.size >= MAX_SHORTLISTS) held.clear();
    held.set(key, list);
    return list;
  };
}
export type Shortlist = ReturnType<typeof shortlister>;
