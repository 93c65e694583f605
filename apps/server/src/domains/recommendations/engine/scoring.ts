import type { DayTraits } from './conditions.js';
import { materialRuleBroken } from './look.js';
import type { Candidate, Slot } from './slots.js';
import { readTaste, type Taste, type WearRecord } from './taste.js';

/**
 * Scoring weights, in points; one band of misfit costs `fitPerBand`. The weather terms (fit to the band, rain,
 * wind, snow, materials) decide which garments are candidates at all; the taste terms (history, exclusions,
 * rotation, tie-break) only rank the candidates (docs/recommendations.md §4–5).
 */
export const WEIGHTS = {
  fitPerBand: 3,
  offCentrePerBand: 0.2,
  widthPerBand: 0.05,
  waterproofWhenWet: 3.5,
  /** A material rule broken: suede or canvas shoes in the rain, linen at 5 °C, wool at 28 °C … */
  materialMisfit: -4,
  bootsInSnow: 1,
  windproofWhenWindy: 1,
  similarWear: 0.7,
  similarWearMax: 2.1,
  /** Times the share of the user's similar-weather wears in the garment's style family. */
  styleTaste: 0.8,
  /** Times the share of the user's similar-weather wears in the garment's colour family. */
  colourTaste: 0.8,
  recentlyWorn: -2,
  excludedElsewhere: -0.5,
  excludedElsewhereMax: -1.5,
  /** More than every taste term together: '다른 옷 추천' moves on while another good piece exists. */
  alreadyShown: -4,
  /** Outweighs every taste term, like alreadyShown: a trip packs the pieces already in its bag first. */
  preferred: 4,
  tieBreak: 0.05,
} as const;

/** Bands between a garment's warmth and the band, and whether it is too light rather than too warm. */
export function fitOf(
  profile: { lo: number; hi: number },
  band: number,
): { distance: number; tooLight: boolean } {
  const tooLight = band > profile.hi;
  const distance = band < profile.lo ? profile.lo - band : tooLight ? band - profile.hi : 0;
  return { distance, tooLight };
}

/** How well a garment within tolerance suits the day: fit, rain, wind, snow and material rules. */
export function weatherScore(
  c: Candidate,
  band: number,
  slot: Slot,
  distance: number,
  day: DayTraits,
): number {
  const p = c.profile;
  let s = -WEIGHTS.fitPerBand * distance;
  s -= WEIGHTS.offCentrePerBand * Math.abs((p.lo + p.hi) / 2 - band);
  s -= WEIGHTS.widthPerBand * (p.hi - p.lo);
  if (day.wet && p.waterproof && (slot === 'OUTER' || slot === 'SHOES')) s += WEIGHTS.waterproofWhenWet;
  if (materialRuleBroken(p, slot, day.materialDay)) s += WEIGHTS.materialMisfit;
  if (day.snow && slot === 'SHOES' && p.boots) s += WEIGHTS.bootsInSnow;
  if (day.windy && slot === 'OUTER' && p.windproof) s += WEIGHTS.windproofWhenWindy;
  return s;
}

/**
 * The taste last read from each history array (the service keeps one array per history version), reused while
 * the closet and the day stay the same: "다른 옷 추천" asks again for the same day.
 */
const tastes = new WeakMap<
  readonly WearRecord[],
  { closet: readonly Candidate[]; apparent: number; dayMs: number; taste: Taste }
>();
export function tasteFor(
  history: readonly WearRecord[],
  closet: readonly Candidate[],
  apparent: number,
  dayMs: number,
  byId: ReadonlyMap<string, Candidate>,
): Taste {
  const held = tastes.get(history);
  if (held && held.closet === closet && held.apparent === apparent && held.dayMs === dayMs) return held.taste;
  const taste = readTaste(history, apparent, dayMs, (id) => byId.get(id)?.profile);
  tastes.set(history, { closet, apparent, dayMs, taste });
  return taste;
}

/** FNV-1a of the salt then the id, scaled to [0, 1): a stable tie-break that differs from day to day. */
function fnv(seed: number, text: string): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}
const FNV_OFFSET = 0x811c9dc5;

/** What ranks the candidates of one request besides the weather. */
export interface TasteInput {
  taste: Taste;
  excludedElsewhere: ReadonlyMap<string, number>;
  shown: ReadonlySet<string>;
  preferred: ReadonlySet<string> | undefined;
  /** Salt for the tie-break between equally good garments. */
  salt: string;
}

/** What the user's history, exclusions and this round of "다른 옷 추천" say about a garment, as a scorer. */
export function tasteScorer({ taste, excludedElsewhere, shown, preferred, salt }: TasteInput) {
  const saltHash = fnv(FNV_OFFSET, salt);
  return (c: Candidate): number => {
    const { id, profile: p } = c;
    let s = Math.min(WEIGHTS.similarWearMax, WEIGHTS.similarWear * (taste.similar.get(id) ?? 0));
    if (p.style) s += WEIGHTS.styleTaste * (taste.styleShare.get(p.style) ?? 0);
    if (p.colour) s += WEIGHTS.colourTaste * (taste.colourShare.get(p.colour) ?? 0);
    if (taste.recent.has(id)) s += WEIGHTS.recentlyWorn;
    s += Math.max(WEIGHTS.excludedElsewhereMax, WEIGHTS.excludedElsewhere * (excludedElsewhere.get(id) ?? 0));
    if (shown.has(id)) s += WEIGHTS.alreadyShown;
    if (preferred?.has(id)) s += WEIGHTS.preferred;
    s += WEIGHTS.tieBreak * ((fnv(saltHash, id) >>> 0) / 0x100000000);
    return s;
  };
}
export type TasteScore = ReturnType<typeof tasteScorer>;
