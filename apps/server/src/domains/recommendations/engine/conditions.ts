import type { PrecipitationType, SkyStatus } from '@otboo/contract';
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
import type { MaterialDay } from './look.js';

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

/** What a garment's weather score reads of the day besides the band. */
export interface DayTraits {
  wet: boolean;
  snow: boolean;
  windy: boolean;
  materialDay: MaterialDay;
}

/** The first stage: how the day feels to this user, and the outfit plan that follows from it. */
export interface DayReading {
  conditions: Conditions;
  plan: OutfitPlan;
  traits: DayTraits;
}

/**
 * Reads the day: apparent temperature, the user's shift (sensitivity, then the learned calibration), rain, snow
 * and wind, and the plan of slots and warmth they call for (bands.ts).
 */
export function readDay(weather: EngineWeather, sensitivity: number, calibration: number): DayReading {
  const { value: apparent, formula } = apparentTemperature({
    temperature: weather.temperature,
    windSpeed: weather.windSpeed,
    humidity: weather.humidity,
    month: weather.month,
  });
  const sensed = personalTemperature(apparent, sensitivity);
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
  return {
    conditions,
    plan,
    traits: { wet, snow, windy, materialDay: { wet, degrees: Math.round(personal) } },
  };
}
