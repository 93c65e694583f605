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
import {
  ACCENT_COLOURS,
  HEAVY_FABRIC_FROM_DEGREES,
  LIGHT_FABRIC_MAX_DEGREES,
  NEUTRAL_COLOURS,
  STYLES,
  materialRuleBroken,
  type MaterialRule,
} from './look.js';
import { clashesBetween, searchOutfit, type Piece } from './outfit-search.js';
import { readTaste, type Taste, type WearRecord } from './taste.js';

export type { WearRecord } from './taste.js';
export { RECENT_HOURS, SIMILAR_WEATHER_DEGREES } from './taste.js';

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

/** A garment of the closet with its inferred profile. */
export interface Candidate {
  id: string;
  type: ClothesType;
  profile: GarmentProfile;
}

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

/**
 * The slot a garment fills in an outfit; null for what is never recommended (bags, `ETC`, an accessory or
 * underwear with no use the engine knows).
 */
export function slotOf(c: Candidate): Slot | null {
  switch (c.type) {
    case 'TOP':
    case 'BOTTOM':
    case 'DRESS':
    case 'OUTER':
    case 'SHOES':
    case 'SOCKS':
    case 'HAT':
    case 'SCARF':
      return c.type;
    case 'ACCESSORY':
      switch (c.profile.role) {
        case 'warm':
          return 'SCARF';
        case 'gloves':
          return 'GLOVES';
        case 'umbrella':
          return 'UMBRELLA';
        case 'sun':
          return 'SUNGLASSES';
        default:
          return null;
      }
    case 'UNDERWEAR':
      return c.profile.role === 'thermal' ? 'THERMAL' : null;
    default:
      return null;
  }
}

/** A rule an outfit breaks because the closet had nothing better: a clash between pieces, or a material rule. */
export type Compromise = 'style' | 'colour' | MaterialRule;

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

export type MissingSlot = 'TOP' | 'BOTTOM' | 'OUTER' | 'SHOES';
export interface Missing {
  slot: MissingSlot;
  /** `none`: the closet has no garment of the kind; `unsuitable`: none fits the weather. */
  why: 'none' | 'unsuitable';
}

export interface Conditions {
  apparent: number;
  /** Apparent temperature of the day's minimum (the cool morning and evening). */
  minApparent: number;
  formula: ApparentFormula;
  /** Apparent temperature shifted by the user's sensitivity, then by the learned shift. */
  personal: number;
  /** The learned shift (°C) in `personal`. */
  calibration: number;
  band: number;
  /** Band of the sensitivity alone (without the learned shift): what the profile asks for. */
  sensitivityBand: number;
  /** Band a neutral (2.5) person would get. */
  neutralBand: number;
  precipitation: 'rain' | 'snow' | null;
  /** Wind from WINDY_SPEED: wind-proof outers are favoured. */
  windy: boolean;
  strongWind: boolean;
  bigRange: boolean;
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

/**
 * A garment stays a candidate while its weather score is within this of the best one of its slot: enough for
 * every garment that fits as well (centre and width differ by at most about one point), never one band less
 * warm or a piece the rain or a material rule speaks against while a better one exists.
 */
export const WARMTH_SLACK = 1.5;

interface Tolerance {
  /** Bands a garment may be too warm by. */
  warm: number;
  /** Bands a garment may be too light by (a light top under a warm outer is fine, shorts in the snow are not). */
  light: number;
}
const MAIN: Tolerance = { warm: 1, light: 2 };
const EXACT: Tolerance = { warm: 0, light: 0 };
const NEAR: Tolerance = { warm: 1, light: 1 };

/** A candidate for one slot: its search piece (score and look) with how it fits. */
interface Option extends Piece {
  candidate: Candidate;
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

/** Closets grouped by type and indexed by id, remembered per closet array (one per closet version). */
const indexes = new WeakMap<
  readonly Candidate[],
  { byType: Map<ClothesType, Candidate[]>; byId: Map<string, Candidate> }
>();
function indexOf(closet: readonly Candidate[]) {
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

/**
 * The taste last read from each history array (the service keeps one array per history version), reused while
 * the closet and the day stay the same: "다른 옷 추천" asks again for the same day.
 */
const tastes = new WeakMap<
  readonly WearRecord[],
  { closet: readonly Candidate[]; apparent: number; dayMs: number; taste: Taste }
>();
function tasteFor(
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

/** A garment warm and dry enough for a slot, with its weather score. */
interface Shortlisted {
  candidate: Candidate;
  weather: number;
  distance: number;
  tooLight: boolean;
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
/** Scarves and warm accessories (a 목도리 filed as ACCESSORY), remembered per closet. */
const scarves = new WeakMap<readonly Candidate[], Candidate[]>();
function scarfCandidates(closet: readonly Candidate[]): Candidate[] {
  let list = scarves.get(closet);
  if (!list) {
    list = closet.filter((c) => c.type === 'SCARF' || c.type === 'ACCESSORY');
    scarves.set(closet, list);
  }
  return list;
}

type Accept = (c: Candidate, fit: { distance: number; tooLight: boolean }) => boolean;

const STYLE_CODES = new Map<string | null, number>([null, ...STYLES].map((s, i) => [s, i]));
const COLOUR_CODES = new Map<string | null, number>(
  [null, ...NEUTRAL_COLOURS, ...ACCENT_COLOURS].map((c, i) => [c, i]),
);
/** A number for a garment's (style, colour) class: garments of one class are interchangeable to the rules. */
const lookClass = (p: GarmentProfile) =>
  (STYLE_CODES.get(p.style) ?? 0) * 64 + (COLOUR_CODES.get(p.colour) ?? 0);

const byScore = (a: Option, b: Option) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Slots whose pieces are seen together, so their styles and colours must go together. */
const VISIBLE: readonly Slot[] = ['OUTER', 'TOP', 'BOTTOM', 'DRESS', 'SHOES', 'HAT', 'SCARF', 'GLOVES'];

/**
 * Recommends one outfit from the closet for the day: the temperature band decides the slots and how warm each
 * piece must be; the pieces are then chosen together so that their styles and colours go with each other
 * (docs/recommendations.md). Pure and deterministic: the same input gives the same outfit.
 */
export function recommend(input: RecommendInput): Recommendation {
  const { weather, closet } = input;
  const { value: apparent, formula } = apparentTemperature({
    temperature: weather.temperature,
    windSpeed: weather.windSpeed,
    humidity: weather.humidity,
    month: weather.month,
  });
  const calibration = input.calibration ?? 0;
  const sensed = personalTemperature(apparent, input.sensitivity);
  const personal = sensed + calibration;
  const shift = personal - apparent;
  const wetType = weather.precipitationType !== 'NONE';
  const wet = wetType || weather.precipitationProbability >= WET_PROBABILITY;
  const snow = weather.precipitationType === 'SNOW' || weather.precipitationType === 'RAIN_SNOW';
  const dailyRange = weather.max - weather.min;
  const minApparent = weather.min + (apparent - weather.temperature);
  const plan = planOutfit({
    temperature: personal,
    minTemperature: minApparent + shift,
    dailyRange,
    wet,
    windSpeed: weather.windSpeed,
    clearSky: weather.skyStatus === 'CLEAR',
  });
  const windy = weather.windSpeed >= WINDY_SPEED;
  const conditions: Conditions = {
    apparent,
    minApparent,
    formula,
    personal,
    calibration,
    band: plan.band,
    sensitivityBand: bandOf(sensed),
    neutralBand: bandOf(personalTemperature(apparent, NEUTRAL_SENSITIVITY)),
    precipitation: wet ? (snow ? 'snow' : 'rain') : null,
    windy,
    strongWind: weather.windSpeed >= STRONG_WIND_SPEED,
    bigRange: dailyRange >= 8,
  };

  const { byType, byId } = indexOf(closet);
  const ofType = (type: ClothesType) => byType.get(type) ?? [];
  const taste = tasteFor(input.history, closet, apparent, input.dayAt.getTime(), byId);
  const excluded = input.excluded ?? new Set<string>();
  const excludedElsewhere = input.excludedElsewhere ?? new Map<string, number>();
  const materialDay = { wet, degrees: Math.round(personal) };
  const saltHash = fnv(FNV_OFFSET, input.salt);

  /** How well a garment within tolerance suits the day: fit, rain, wind, snow and material rules. */
  function weatherScore(c: Candidate, band: number, slot: Slot, distance: number): number {
    const p = c.profile;
    let s = -WEIGHTS.fitPerBand * distance;
    s -= WEIGHTS.offCentrePerBand * Math.abs((p.lo + p.hi) / 2 - band);
    s -= WEIGHTS.widthPerBand * (p.hi - p.lo);
    if (wet && p.waterproof && (slot === 'OUTER' || slot === 'SHOES')) s += WEIGHTS.waterproofWhenWet;
    if (materialRuleBroken(p, slot, materialDay)) s += WEIGHTS.materialMisfit;
    if (snow && slot === 'SHOES' && p.boots) s += WEIGHTS.bootsInSnow;
    if (windy && slot === 'OUTER' && p.windproof) s += WEIGHTS.windproofWhenWindy;
    return s;
  }

  /** What the user's history, exclusions and this round of "다른 옷 추천" say about a garment. */
  function tasteScore(c: Candidate): number {
    const { id, profile: p } = c;
    let s = Math.min(WEIGHTS.similarWearMax, WEIGHTS.similarWear * (taste.similar.get(id) ?? 0));
    if (p.style) s += WEIGHTS.styleTaste * (taste.styleShare.get(p.style) ?? 0);
    if (p.colour) s += WEIGHTS.colourTaste * (taste.colourShare.get(p.colour) ?? 0);
    if (taste.recent.has(id)) s += WEIGHTS.recentlyWorn;
    s += Math.max(WEIGHTS.excludedElsewhereMax, WEIGHTS.excludedElsewhere * (excludedElsewhere.get(id) ?? 0));
    if (input.shown.has(id)) s += WEIGHTS.alreadyShown;
    if (input.preferred?.has(id)) s += WEIGHTS.preferred;
    s += WEIGHTS.tieBreak * ((fnv(saltHash, id) >>> 0) / 0x100000000);
    return s;
  }

  // What the weather score depends on besides the slot and band: the shortlists are kept per closet under it.
  const dayKey = `${wet}|${snow}|${windy}|${materialBucket(materialDay.degrees)}|${[...excluded].sort().join(',')}`;
  const shortlistsOfCloset = shortlistsOf(closet);

  /**
   * The garments of the slot that are warm and dry enough: within tolerance, allowed by `accept`, not excluded
   * for the day, and within WARMTH_SLACK of the best weather score. They depend only on the closet and the
   * weather, so they are kept for the next request ("다른 옷 추천" asks again for the same day).
   */
  function shortlist(
    candidates: readonly Candidate[],
    band: number,
    slot: Slot,
    tolerance: Tolerance,
    variant: string,
    accept: Accept | null,
  ): readonly Shortlisted[] {
    const key = `${slot}|${band}|${tolerance.warm}/${tolerance.light}|${variant}|${dayKey}`;
    const held = shortlistsOfCloset.get(key);
    if (held) return held;
    const scored: Shortlisted[] = [];
    let best = -Infinity;
    for (const c of candidates) {
      if (excluded.has(c.id)) continue;
      const p = c.profile;
      const tooLight = band > p.hi;
      const distance = band < p.lo ? p.lo - band : tooLight ? band - p.hi : 0;
      if (distance > (tooLight ? tolerance.light : tolerance.warm)) continue;
      if (accept && !accept(c, { distance, tooLight })) continue;
      const weather = weatherScore(c, band, slot, distance);
      if (weather < best - WARMTH_SLACK) continue;
      best = Math.max(best, weather);
      scored.push({ candidate: c, weather, distance, tooLight });
    }
    const list = scored.filter((x) => x.weather >= best - WARMTH_SLACK);
    if (shortlistsOfCloset.size >= MAX_SHORTLISTS) shortlistsOfCloset.clear();
    shortlistsOfCloset.set(key, list);
    return list;
  }

  /**
   * A slot's candidates ranked by weather score plus taste, best first; only the best of each (style, colour)
   * class, which is all the outfit search needs (outfit-search.ts).
   */
  function optionsFor(
    candidates: readonly Candidate[],
    band: number,
    slot: Slot,
    tolerance: Tolerance,
    variant = '',
    accept: Accept | null = null,
  ): Option[] {
    const classes = new Map<number, Option>();
    for (const { candidate: c, weather, distance, tooLight } of shortlist(
      candidates,
      band,
      slot,
      tolerance,
      variant,
      accept,
    )) {
      const { id, profile } = c;
      const score = weather + tasteScore(c);
      const key = lookClass(profile);
      const held = classes.get(key);
      if (held && (held.score > score || (held.score === score && held.id < id))) continue;
      classes.set(key, {
        id,
        score,
        style: profile.style,
        colour: profile.colour,
        candidate: c,
        distance,
        tooLight,
      });
    }
    return [...classes.values()].sort(byScore);
  }

  const band = plan.band;
  const withRole = (role: AccessoryRole) => (c: Candidate) => c.profile.role === role;

  // Kept pieces are the only option of their slot, whatever the plan and the tolerances say: the user chose them.
  const kept = new Map<Slot, Candidate>();
  for (const c of input.keep ?? []) {
    const slot = slotOf(c);
    if (slot) kept.set(slot, c);
  }
  const keptOption = (slot: Slot, c: Candidate): Option => {
    const p = c.profile;
    const slotBand = slot === 'OUTER' ? plan.outerBand : band;
    const tooLight = slotBand > p.hi;
    const distance = slotBand < p.lo ? p.lo - slotBand : tooLight ? slotBand - p.hi : 0;
    return {
      id: c.id,
      score: weatherScore(c, slotBand, slot, distance) + tasteScore(c),
      style: p.style,
      colour: p.colour,
      candidate: c,
      distance,
      tooLight,
    };
  };
  /** The slot's options: the kept piece alone, else `options()`; none when the base is kept the other way. */
  const slotOptions = (slot: Slot, options: () => Option[]): Option[] => {
    const k = kept.get(slot);
    if (k) return [keptOption(slot, k)];
    const pairKept = kept.has('TOP') || kept.has('BOTTOM');
    if ((slot === 'DRESS' && pairKept) || ((slot === 'TOP' || slot === 'BOTTOM') && kept.has('DRESS')))
      return [];
    return options();
  };

  // The visible pieces, chosen together.
  const tops = ofType('TOP');
  const bottoms = ofType('BOTTOM');
  const outers = ofType('OUTER');
  const shoesList = ofType('SHOES');
  const outerOptions = slotOptions('OUTER', () => {
    if (plan.outer === 'required') return optionsFor(outers, plan.outerBand, 'OUTER', MAIN);
    if (plan.outer === 'offered' || plan.rainOuter)
      // Only an outer that fits well, or a waterproof one on a wet day.
      return optionsFor(outers, plan.outerBand, 'OUTER', NEAR, `${plan.outer}|${plan.rainOuter}`, (c, fit) =>
        fit.distance === 0
          ? plan.outer === 'offered' || c.profile.waterproof
          : plan.rainOuter && c.profile.waterproof && !fit.tooLight,
      );
    return [];
  });
  const hats = slotOptions('HAT', () =>
    plan.warmHat
      ? optionsFor(ofType('HAT'), band, 'HAT', EXACT, 'warm', withRole('warm'))
      : plan.sunItems
        ? optionsFor(ofType('HAT'), band, 'HAT', EXACT, 'sun', withRole('sun'))
        : [],
  );
  const scarves = slotOptions('SCARF', () =>
    plan.warmScarf ? optionsFor(scarfCandidates(closet), band, 'SCARF', EXACT, 'warm', withRole('warm')) : [],
  );
  const gloves = slotOptions('GLOVES', () =>
    plan.gloves ? optionsFor(ofType('ACCESSORY'), band, 'GLOVES', EXACT, 'gloves', withRole('gloves')) : [],
  );
  const outfit = searchOutfit<Slot>({
    tops: slotOptions('TOP', () => optionsFor(tops, band, 'TOP', MAIN)),
    bottoms: slotOptions('BOTTOM', () => optionsFor(bottoms, band, 'BOTTOM', MAIN)),
    dresses: slotOptions('DRESS', () => optionsFor(ofType('DRESS'), band, 'DRESS', MAIN)),
    others: [
      { slot: 'OUTER', options: outerOptions },
      { slot: 'SHOES', options: slotOptions('SHOES', () => optionsFor(shoesList, band, 'SHOES', MAIN)) },
      { slot: 'HAT', options: hats },
      { slot: 'SCARF', options: scarves },
      { slot: 'GLOVES', options: gloves },
    ],
  });

  const chosen: { slot: Slot; option: Option }[] = [];
  const missing: Missing[] = [];
  if (outfit) {
    if (outfit.base === 'dress') chosen.push({ slot: 'DRESS', option: outfit.dress as Option });
    else {
      if (outfit.top) chosen.push({ slot: 'TOP', option: outfit.top as Option });
      if (outfit.bottom) chosen.push({ slot: 'BOTTOM', option: outfit.bottom as Option });
    }
    for (const o of outfit.others) chosen.push({ slot: o.slot, option: o.piece as Option });
  }
  const has = (slot: Slot) => chosen.some((c) => c.slot === slot);
  if (!has('DRESS')) {
    if (!has('TOP')) missing.push({ slot: 'TOP', why: tops.length ? 'unsuitable' : 'none' });
    if (!has('BOTTOM')) missing.push({ slot: 'BOTTOM', why: bottoms.length ? 'unsuitable' : 'none' });
  }
  if (plan.outer === 'required' && !has('OUTER'))
    missing.push({ slot: 'OUTER', why: outers.length ? 'unsuitable' : 'none' });
  if (!has('SHOES') && shoesList.length) missing.push({ slot: 'SHOES', why: 'unsuitable' });

  // Pieces that are not seen with the rest: each the best of its kind when the day calls for it.
  const add = (slot: Slot, wanted: boolean, options: () => Option[]) => {
    const [first] = kept.has(slot) ? slotOptions(slot, options) : wanted ? options() : [];
    if (first) chosen.push({ slot, option: first });
  };
  const shoes = chosen.find((c) => c.slot === 'SHOES');
  add('SOCKS', plan.socks && shoes?.option.candidate.profile.kind !== 'sandals', () =>
    optionsFor(ofType('SOCKS'), band, 'SOCKS', NEAR),
  );
  add('UMBRELLA', plan.umbrella, () =>
    optionsFor(ofType('ACCESSORY'), band, 'UMBRELLA', EXACT, 'umbrella', withRole('umbrella')),
  );
  add('SUNGLASSES', plan.sunItems, () =>
    optionsFor(ofType('ACCESSORY'), band, 'SUNGLASSES', EXACT, 'sun', withRole('sun')),
  );
  add('THERMAL', plan.thermal, () =>
    optionsFor(ofType('UNDERWEAR'), band, 'THERMAL', EXACT, 'thermal', withRole('thermal')),
  );

  // What the outfit gives up because the closet had nothing better.
  const compromiseOf = new Map<string, Compromise>();
  const seen = chosen.filter((c) => VISIBLE.includes(c.slot));
  seen.forEach((a, i) => {
    for (const b of seen.slice(i + 1)) {
      const clash = clashesBetween(a.option, b.option);
      const rule: Compromise | null = clash.style ? 'style' : clash.colour ? 'colour' : null;
      if (rule)
        for (const c of [a, b]) if (!compromiseOf.has(c.option.id)) compromiseOf.set(c.option.id, rule);
    }
  });
  for (const c of chosen) {
    const rule = materialRuleBroken(c.option.candidate.profile, c.slot, materialDay);
    if (rule) compromiseOf.set(c.option.id, rule);
  }

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
  const compromises = [...new Set(picks.flatMap((p) => (p.compromise ? [p.compromise] : [])))];
  return { picks, conditions, plan, missing, compromises };
}

/** Order-independent identity of an outfit. */
export function outfitSignature(picks: readonly Pick[]): string {
  return picks
    .map((p) => p.id)
    .sort()
    .join(',');
}
