import type { ClothesType, PrecipitationType, SkyStatus } from '@otboo/contract';
import {
  apparentTemperature,
  personalTemperature,
  NEUTRAL_SENSITIVITY,
  type ApparentFormula,
} from './apparent-temperature.js';
import {
  bandOf,
  planOutfit,
  STRONG_WIND_SPEED,
  WET_PROBABILITY,
  WINDY_SPEED,
  type OutfitPlan,
} from './bands.js';
import type { GarmentProfile } from './garment-profile.js';
import type { AccessoryRole } from './keywords.js';

/** The day being dressed for (one stored forecast row). */
export interface EngineWeather {
  temperature: number;
  min: number;
  max: number;
  humidity: number;
  /** m/s */
  windSpeed: number;
  precipitationType: PrecipitationType;
  precipitationProbability: number;
  skyStatus: SkyStatus;
  /** 1–12, Asia/Seoul. */
  month: number;
}

/** A garment the user wore in an OOTD post, with the apparent temperature of that post's weather. */
export interface WearRecord {
  clothesId: string;
  wornAt: Date;
  apparent: number;
}

/** A garment of the closet with its inferred profile. */
export interface Candidate {
  id: string;
  type: ClothesType;
  profile: GarmentProfile;
}

export interface RecommendInput {
  weather: EngineWeather;
  sensitivity: number;
  /** Never changed once passed in: its grouping by type is remembered for the next request. */
  closet: readonly Candidate[];
  history: readonly WearRecord[];
  /** Instant of the day being dressed for ("worn in the last 3 days" counts back from it). */
  dayAt: Date;
  /** Garments already shown for this day in the current "다른 옷 추천" round. */
  shown: ReadonlySet<string>;
  /** Salt for the deterministic tie-break between equally good garments (the weather id). */
  salt: string;
}

export type Slot =
  | 'OUTER'
  | 'TOP'
  | 'BOTTOM'
  | 'DRESS'
  | 'SHOES'
  | 'SOCKS'
  | 'HAT'
  | 'SCARF'
  | 'GLOVES'
  | 'UMBRELLA'
  | 'SUNGLASSES'
  | 'THERMAL';

/** Display order: main pieces first, then what completes them. */
export const SLOT_ORDER: readonly Slot[] = [
  'OUTER',
  'TOP',
  'DRESS',
  'BOTTOM',
  'SHOES',
  'HAT',
  'SCARF',
  'GLOVES',
  'UMBRELLA',
  'SUNGLASSES',
  'THERMAL',
  'SOCKS',
];

export interface Pick {
  slot: Slot;
  id: string;
  /** Bands between the garment and the day: 0 fits, > 0 is the best there was. */
  distance: number;
  tooLight: boolean;
  waterproof: boolean;
}

export type MissingSlot = 'TOP' | 'BOTTOM' | 'OUTER' | 'SHOES';
export interface Missing {
  slot: MissingSlot;
  /** `none`: the closet has no garment of the kind; `unsuitable`: none fits the weather. */
  why: 'none' | 'unsuitable';
}

export interface Conditions {
  apparent: number;
  formula: ApparentFormula;
  /** Apparent temperature shifted by the user's sensitivity. */
  personal: number;
  band: number;
  /** Band a neutral (2.5) person would get. */
  neutralBand: number;
  precipitation: 'rain' | 'snow' | null;
  strongWind: boolean;
  bigRange: boolean;
}

export interface Recommendation {
  picks: Pick[];
  conditions: Conditions;
  plan: OutfitPlan;
  missing: Missing[];
}

/** Scoring weights, in points; one band of misfit costs FIT_PER_BAND. */
export const WEIGHTS = {
  fitPerBand: 3,
  offCentrePerBand: 0.2,
  widthPerBand: 0.05,
  waterproofWhenWet: 3.5,
  rainUnfriendlyWhenWet: -4,
  bootsInSnow: 1,
  windproofWhenWindy: 1,
  similarWear: 0.7,
  similarWearMax: 2.1,
  recentlyWorn: -2,
  alreadyShown: -1.5,
  tieBreak: 0.05,
} as const;

/** Wears in weather within this many °C (apparent) count as "similar weather". */
export const SIMILAR_WEATHER_DEGREES = 3;
/** Worn within this many hours of the day: give it a rest. */
export const RECENT_HOURS = 72;

interface Tolerance {
  /** Bands a garment may be too warm by. */
  warm: number;
  /** Bands a garment may be too light by (a light top under a warm outer is fine, shorts in the snow are not). */
  light: number;
}
const MAIN: Tolerance = { warm: 1, light: 2 };
const EXACT: Tolerance = { warm: 0, light: 0 };
const NEAR: Tolerance = { warm: 1, light: 1 };

interface Scored {
  candidate: Candidate;
  score: number;
  distance: number;
  tooLight: boolean;
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

function distanceTo(p: GarmentProfile, band: number): { distance: number; tooLight: boolean } {
  if (band < p.lo) return { distance: p.lo - band, tooLight: false };
  if (band > p.hi) return { distance: band - p.hi, tooLight: true };
  return { distance: 0, tooLight: false };
}

/** Closets grouped by type, remembered per closet array (the service keeps one array per closet version). */
const groups = new WeakMap<readonly Candidate[], Map<ClothesType, Candidate[]>>();
function groupByType(closet: readonly Candidate[]): Map<ClothesType, Candidate[]> {
  let byType = groups.get(closet);
  if (!byType) {
    byType = new Map();
    for (const c of closet) {
      const list = byType.get(c.type);
      if (list) list.push(c);
      else byType.set(c.type, [c]);
    }
    groups.set(closet, byType);
  }
  return byType;
}

/**
 * Recommends one outfit from the closet for the day: the slots come from the temperature band, each slot takes
 * its best-scoring garment. Pure and deterministic: the same input gives the same outfit.
 */
export function recommend(input: RecommendInput): Recommendation {
  const { weather, closet } = input;
  const { value: apparent, formula } = apparentTemperature({
    temperature: weather.temperature,
    windSpeed: weather.windSpeed,
    humidity: weather.humidity,
    month: weather.month,
  });
  const personal = personalTemperature(apparent, input.sensitivity);
  const shift = personal - apparent;
  const wetType = weather.precipitationType !== 'NONE';
  const wet = wetType || weather.precipitationProbability >= WET_PROBABILITY;
  const snow = weather.precipitationType === 'SNOW' || weather.precipitationType === 'RAIN_SNOW';
  const dailyRange = weather.max - weather.min;
  const plan = planOutfit({
    temperature: personal,
    minTemperature: weather.min + (apparent - weather.temperature) + shift,
    dailyRange,
    wet,
    windSpeed: weather.windSpeed,
    clearSky: weather.skyStatus === 'CLEAR',
  });
  const conditions: Conditions = {
    apparent,
    formula,
    personal,
    band: plan.band,
    neutralBand: bandOf(personalTemperature(apparent, NEUTRAL_SENSITIVITY)),
    precipitation: wet ? (snow ? 'snow' : 'rain') : null,
    strongWind: weather.windSpeed >= STRONG_WIND_SPEED,
    bigRange: dailyRange >= 8,
  };

  // History: similar-weather wears raise a garment, recent wears lower it.
  const similar = new Map<string, number>();
  const recent = new Set<string>();
  const dayMs = input.dayAt.getTime();
  for (const w of input.history) {
    if (Math.abs(w.apparent - apparent) <= SIMILAR_WEATHER_DEGREES)
      similar.set(w.clothesId, (similar.get(w.clothesId) ?? 0) + 1);
    if (Math.abs(dayMs - w.wornAt.getTime()) < RECENT_HOURS * 3_600_000) recent.add(w.clothesId);
  }

  const byType = groupByType(closet);
  const ofType = (type: ClothesType) => byType.get(type) ?? [];

  const windy = weather.windSpeed >= WINDY_SPEED;
  const saltHash = fnv(FNV_OFFSET, input.salt);
  /** Score of a garment that is within tolerance; one band of misfit costs `fitPerBand`. */
  function score(c: Candidate, band: number, slot: Slot, distance: number): number {
    const p = c.profile;
    let s = -WEIGHTS.fitPerBand * distance;
    s -= WEIGHTS.offCentrePerBand * Math.abs((p.lo + p.hi) / 2 - band);
    s -= WEIGHTS.widthPerBand * (p.hi - p.lo);
    if (wet && (slot === 'OUTER' || slot === 'SHOES')) {
      if (p.waterproof) s += WEIGHTS.waterproofWhenWet;
      if (p.rainUnfriendly) s += WEIGHTS.rainUnfriendlyWhenWet;
    }
    if (snow && slot === 'SHOES' && p.boots) s += WEIGHTS.bootsInSnow;
    if (windy && slot === 'OUTER' && p.windproof) s += WEIGHTS.windproofWhenWindy;
    const id = c.id;
    s += Math.min(WEIGHTS.similarWearMax, WEIGHTS.similarWear * (similar.get(id) ?? 0));
    if (recent.has(id)) s += WEIGHTS.recentlyWorn;
    if (input.shown.has(id)) s += WEIGHTS.alreadyShown;
    s += WEIGHTS.tieBreak * ((fnv(saltHash, id) >>> 0) / 0x100000000);
    return s;
  }

  /** The best-scoring garment within tolerance that `accept` allows (ties: the smaller id, for determinism). */
  function best(
    candidates: readonly Candidate[],
    band: number,
    slot: Slot,
    tolerance: Tolerance,
    accept: (c: Candidate, fit: { distance: number; tooLight: boolean }) => boolean = () => true,
  ): Scored | null {
    let top: Scored | null = null;
    for (const c of candidates) {
      const fit = distanceTo(c.profile, band);
      if (fit.distance > (fit.tooLight ? tolerance.light : tolerance.warm)) continue;
      if (!accept(c, fit)) continue;
      const s = score(c, band, slot, fit.distance);
      if (!top || s > top.score || (s === top.score && c.id < top.candidate.id))
        top = { candidate: c, score: s, ...fit };
    }
    return top;
  }

  const picks: Pick[] = [];
  const missing: Missing[] = [];
  const take = (slot: Slot, s: Scored | null) => {
    if (s) {
      picks.push({
        slot,
        id: s.candidate.id,
        distance: s.distance,
        tooLight: s.tooLight,
        waterproof: s.candidate.profile.waterproof,
      });
    }
    return s;
  };
  const band = plan.band;

  // Top and bottom, or a dress.
  const tops = ofType('TOP');
  const bottoms = ofType('BOTTOM');
  const top = best(tops, band, 'TOP', MAIN);
  const bottom = best(bottoms, band, 'BOTTOM', MAIN);
  const dress = best(ofType('DRESS'), band, 'DRESS', MAIN);
  const pairScore = top && bottom ? (top.score + bottom.score) / 2 : null;
  if (dress && (pairScore === null || dress.score > pairScore)) {
    take('DRESS', dress);
  } else {
    take('TOP', top);
    take('BOTTOM', bottom);
    if (!top) missing.push({ slot: 'TOP', why: tops.length ? 'unsuitable' : 'none' });
    if (!bottom) missing.push({ slot: 'BOTTOM', why: bottoms.length ? 'unsuitable' : 'none' });
  }

  // Outer layer.
  const outers = ofType('OUTER');
  if (plan.outer === 'required') {
    const outer = take('OUTER', best(outers, plan.outerBand, 'OUTER', MAIN));
    if (!outer) missing.push({ slot: 'OUTER', why: outers.length ? 'unsuitable' : 'none' });
  } else if (plan.outer === 'offered' || plan.rainOuter) {
    // Only an outer that fits well, or a waterproof one on a wet day.
    take(
      'OUTER',
      best(outers, plan.outerBand, 'OUTER', NEAR, (c, fit) =>
        fit.distance === 0
          ? plan.outer === 'offered' || c.profile.waterproof
          : plan.rainOuter && c.profile.waterproof && !fit.tooLight,
      ),
    );
  }

  // Shoes always, socks with closed shoes.
  const shoesList = ofType('SHOES');
  const shoes = take('SHOES', best(shoesList, band, 'SHOES', MAIN));
  if (!shoes && shoesList.length) missing.push({ slot: 'SHOES', why: 'unsuitable' });
  if (plan.socks && shoes?.candidate.profile.kind !== 'sandals')
    take('SOCKS', best(ofType('SOCKS'), band, 'SOCKS', NEAR));

  // Accessories, each only when the day calls for it and one fits.
  const withRole = (role: AccessoryRole) => (c: Candidate) => c.profile.role === role;
  if (plan.warmHat) take('HAT', best(ofType('HAT'), band, 'HAT', EXACT, withRole('warm')));
  else if (plan.sunItems) take('HAT', best(ofType('HAT'), band, 'HAT', EXACT, withRole('sun')));
  if (plan.warmScarf)
    take('SCARF', best([...ofType('SCARF'), ...ofType('ACCESSORY')], band, 'SCARF', EXACT, withRole('warm')));
  if (plan.gloves) take('GLOVES', best(ofType('ACCESSORY'), band, 'GLOVES', EXACT, withRole('gloves')));
  if (plan.umbrella)
    take('UMBRELLA', best(ofType('ACCESSORY'), band, 'UMBRELLA', EXACT, withRole('umbrella')));
  if (plan.sunItems)
    take('SUNGLASSES', best(ofType('ACCESSORY'), band, 'SUNGLASSES', EXACT, withRole('sun')));
  if (plan.thermal) take('THERMAL', best(ofType('UNDERWEAR'), band, 'THERMAL', EXACT, withRole('thermal')));

  picks.sort((a, b) => SLOT_ORDER.indexOf(a.slot) - SLOT_ORDER.indexOf(b.slot));
  return { picks, conditions, plan, missing };
}

/** Order-independent identity of an outfit. */
export function outfitSignature(picks: readonly Pick[]): string {
  return picks
    .map((p) => p.id)
    .sort()
    .join(',');
}
