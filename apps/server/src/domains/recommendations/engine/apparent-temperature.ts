/**
 * Apparent temperature (체감온도) as the Korea Meteorological Administration computes it: the wind-chill
 * formula in the cold season (October–April) and the wet-bulb based formula in the warm season (May–September).
 * Each formula is used only in the domain KMA uses it in; elsewhere the air temperature is the answer.
 */

/** Wind chill applies at or below this air temperature (°C)… */
export const WIND_CHILL_MAX_TEMPERATURE = 10;
/** …and at or above this wind speed (km/h; KMA states 1.3 m/s, the JAG/TI formula 4.8 km/h). */
export const WIND_CHILL_MIN_WIND_KMH = 4.8;
/** Months (1–12) of KMA's summer formula. */
export const SUMMER_MONTHS = [5, 6, 7, 8, 9] as const;

/** KMA/JAG-TI wind chill (°C) from air temperature (°C) and wind speed (km/h). */
export function windChill(temperature: number, windKmh: number): number {
  const v = Math.pow(windKmh, 0.16);
  return 13.12 + 0.6215 * temperature - 11.37 * v + 0.3965 * v * temperature;
}

/**
 * Wet-bulb temperature (°C) from air temperature (°C) and relative humidity (%), Stull (2011). The fit is valid
 * for 5–99 % humidity, so humidity is clamped into that range first.
 */
export function wetBulbStull(temperature: number, humidity: number): number {
  const rh = Math.min(99, Math.max(5, humidity));
  return (
    temperature * Math.atan(0.151977 * Math.sqrt(rh + 8.313659)) +
    Math.atan(temperature + rh) -
    Math.atan(rh - 1.676331) +
    0.00391838 * Math.pow(rh, 1.5) * Math.atan(0.023101 * rh) -
    4.686035
  );
}

/** KMA summer apparent temperature (°C) from air temperature (°C) and relative humidity (%). */
export function summerApparent(temperature: number, humidity: number): number {
  const tw = wetBulbStull(temperature, humidity);
  return -0.2442 + 0.55399 * tw + 0.45535 * temperature - 0.0022 * tw * tw + 0.00278 * tw * temperature + 3.0;
}

export interface ApparentInput {
  /** Air temperature, °C. */
  temperature: number;
  /** Wind speed, m/s (as the weather API gives it). */
  windSpeed: number;
  /** Relative humidity, %. */
  humidity: number;
  /** Calendar month of the day, 1–12 (Asia/Seoul). */
  month: number;
}

export type ApparentFormula = 'summer' | 'wind-chill' | 'none';

/** The apparent temperature of a day and which formula gave it. */
export function apparentTemperature(input: ApparentInput): { value: number; formula: ApparentFormula } {
  const { temperature, windSpeed, humidity, month } = input;
  if ((SUMMER_MONTHS as readonly number[]).includes(month)) {
    return { value: summerApparent(temperature, humidity), formula: 'summer' };
  }
  const windKmh = Math.max(0, windSpeed) * 3.6;
  if (temperature <= WIND_CHILL_MAX_TEMPERATURE && windKmh >= WIND_CHILL_MIN_WIND_KMH) {
    return { value: windChill(temperature, windKmh), formula: 'wind-chill' };
  }
  return { value: temperature, formula: 'none' };
}

/** Neutral temperature sensitivity (the profile default). */
export const NEUTRAL_SENSITIVITY = 2.5;
/** Degrees (°C) one unit of sensitivity moves the felt temperature. */
export const SENSITIVITY_DEGREES_PER_UNIT = 1;

/**
 * The temperature this person dresses for: someone who feels cold easily (sensitivity 0) dresses as if it were
 * 2.5 °C colder, someone who feels hot easily (5) as if it were 2.5 °C warmer.
 */
export function personalTemperature(apparent: number, sensitivity: number): number {
  const s = Number.isFinite(sensitivity) ? Math.min(5, Math.max(0, sensitivity)) : NEUTRAL_SENSITIVITY;
  return apparent + (s - NEUTRAL_SENSITIVITY) * SENSITIVITY_DEGREES_PER_UNIT;
}
