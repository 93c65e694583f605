/**
 * The Korean temperature bands (기온별 옷차림) and what an outfit needs in each. Band indexes grow with the
 * cold: 0 is 28 °C and above, 7 is 4 °C and below. A garment's warmth is expressed on the same scale (the bands
 * it suits), so "how warm a piece should be" is simply the band index.
 */

export interface TemperatureBand {
  index: number;
  /** Lowest whole degree of the band (null for the coldest, open-ended band). */
  min: number | null;
  label: string;
  /** What the classic chart suggests, for the docs and the reason text. */
  examples: string;
}

export const BANDS: readonly TemperatureBand[] = [
  { index: 0, min: 28, label: '28°C 이상', examples: '민소매, 반팔, 반바지, 린넨' },
  { index: 1, min: 23, label: '23~27°C', examples: '반팔, 얇은 셔츠, 반바지, 면바지' },
  { index: 2, min: 20, label: '20~22°C', examples: '얇은 가디건, 긴팔, 면바지, 청바지' },
  { index: 3, min: 17, label: '17~19°C', examples: '얇은 니트, 맨투맨, 가디건, 청바지' },
  { index: 4, min: 12, label: '12~16°C', examples: '자켓, 가디건, 야상, 스타킹, 청바지' },
  { index: 5, min: 9, label: '9~11°C', examples: '자켓, 트렌치코트, 야상, 니트' },
  { index: 6, min: 5, label: '5~8°C', examples: '코트, 가죽자켓, 히트텍, 니트, 레깅스' },
  { index: 7, min: null, label: '4°C 이하', examples: '패딩, 두꺼운 코트, 목도리, 기모제품' },
];

export const HOTTEST_BAND = 0;
export const COLDEST_BAND = BANDS.length - 1;

/** Band of a temperature, after rounding to whole degrees (the figure the user sees). */
export function bandOf(temperature: number): number {
  const t = Math.round(temperature);
  for (const band of BANDS) if (band.min !== null && t >= band.min) return band.index;
  return COLDEST_BAND;
}

/** Outer layer: needed from 12–16 °C down; offered (only when one fits well) at 17–22 °C. */
export const OUTER_REQUIRED_FROM_BAND = 4;
export const OUTER_OFFERED_FROM_BAND = 2;
/** A day whose max − min reaches this (°C) needs a layer for the cool hours. */
export const BIG_DAILY_RANGE = 8;
/** Warm accessories (hat, scarf, gloves), thermal underwear. */
export const WARM_ACCESSORIES_FROM_BAND = 7;
export const SCARF_IN_WIND_FROM_BAND = 6;
export const THERMAL_FROM_BAND = 6;
/** Sun hat and sunglasses on clear, hot days. */
export const SUN_ITEMS_UP_TO_BAND = 1;
/** Socks from 23–27 °C down (in the hottest band they are left to the user). */
export const SOCKS_FROM_BAND = 1;
/** Wind (m/s) from which wind-proof outers are favoured and "바람이 강해요" is said. */
export const WINDY_SPEED = 4;
export const STRONG_WIND_SPEED = 9;
/** Precipitation probability (%) treated as a wet day even when the type says NONE. */
export const WET_PROBABILITY = 60;

export type Need = 'required' | 'offered' | 'none';

export interface OutfitPlan {
  band: number;
  outer: Need;
  /** Band an outer is matched against (colder than `band` when the day's range is big). */
  outerBand: number;
  /** Why the outer is there. */
  outerBecause: 'cold' | 'range' | 'offered' | null;
  socks: boolean;
  warmHat: boolean;
  warmScarf: boolean;
  gloves: boolean;
  thermal: boolean;
  sunItems: boolean;
  umbrella: boolean;
  /** A waterproof outer is worth adding even when the temperature does not ask for one. */
  rainOuter: boolean;
}

export interface PlanConditions {
  /** The personal temperature (apparent, shifted by sensitivity). */
  temperature: number;
  /** The same shift applied to the day's minimum. */
  minTemperature: number;
  dailyRange: number;
  wet: boolean;
  windSpeed: number;
  clearSky: boolean;
}

/** Which slots an outfit needs for the day. */
export function planOutfit(c: PlanConditions): OutfitPlan {
  const band = bandOf(c.temperature);
  const bigRange = c.dailyRange >= BIG_DAILY_RANGE && band < OUTER_REQUIRED_FROM_BAND;
  let outer: Need = 'none';
  let outerBecause: OutfitPlan['outerBecause'] = null;
  let outerBand = band;
  if (band >= OUTER_REQUIRED_FROM_BAND) {
    outer = 'required';
    outerBecause = 'cold';
  } else if (bigRange) {
    outer = 'required';
    outerBecause = 'range';
    // Dress for the cool morning and evening, but no more than two bands colder than the day.
    outerBand = Math.min(band + 2, Math.max(band + 1, bandOf(c.minTemperature)));
  } else if (band >= OUTER_OFFERED_FROM_BAND) {
    outer = 'offered';
    outerBecause = 'offered';
  }
  return {
    band,
    outer,
    outerBand,
    outerBecause,
    socks: band >= SOCKS_FROM_BAND,
    warmHat: band >= WARM_ACCESSORIES_FROM_BAND,
    warmScarf:
      band >= WARM_ACCESSORIES_FROM_BAND || (band >= SCARF_IN_WIND_FROM_BAND && c.windSpeed >= WINDY_SPEED),
    gloves: band >= WARM_ACCESSORIES_FROM_BAND,
    thermal: band >= THERMAL_FROM_BAND,
    sunItems: band <= SUN_ITEMS_UP_TO_BAND && c.clearSky && !c.wet,
    umbrella: c.wet,
    rainOuter: c.wet && outer !== 'required',
  };
}
