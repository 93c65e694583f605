import type { PrecipitationType, SkyStatus, WeatherSource } from '@otboo/contract';
import { addDays, hourKey, seoulInstant, seoulParts } from '../../lib/seoul-time.js';
import { combinePrecipitation } from '../../adapters/weather/wmo-codes.js';
import type { ForecastSeries, HourValues } from '../../adapters/weather/weather-provider.js';

/** Number of days a forecast answer has: today and the next four. */
export const FORECAST_DAYS = 5;

/**
 * The hour whose values stand for a later day ("current" of tomorrow and after). Today uses the hour of
 * the request; later days use midday, the hour people dress for, so every later day is read at the same
 * hour and its comparison with the day before is like for like.
 */
export const REPRESENTATIVE_HOUR = 12;

/** One forecast day, before rounding and storing. Comparisons are null when the day before is unknown. */
export interface DayForecast {
  date: string;
  forecastAt: Date;
  source: WeatherSource;
  skyStatus: SkyStatus;
  precipitation: { type: PrecipitationType; amount: number; probability: number };
  humidity: { current: number; comparedToDayBefore: number | null };
  temperature: { current: number; min: number; max: number; comparedToDayBefore: number | null };
  windSpeed: number;
}

type Field = keyof HourValues;

/** The first layer's value for a field at an hour (layers are in priority order). */
function merged<F extends Field>(layers: readonly ForecastSeries[], key: string, field: F): HourValues[F] {
  for (const layer of layers) {
    const value = layer.hours.get(key)?.[field];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The hour of `date` nearest to `hour` where `layer` knows `field` (later hour on a tie), and that value. */
function nearest<F extends Field>(
  layer: ForecastSeries,
  date: string,
  hour: number,
  field: F,
): { hour: number; value: NonNullable<HourValues[F]> } | undefined {
  for (let d = 0; d < 24; d++) {
    for (const h of [hour + d, hour - d]) {
      if (h < 0 || h >= 24) continue;
      const value = layer.hours.get(hourKey(date, h))?.[field];
      if (value !== undefined) return { hour: h, value };
    }
  }
  return undefined;
}

/** The value at `hour`, else at the nearest hour of the same day in the primary layer. */
function valueNear<F extends Field>(
  layers: readonly ForecastSeries[],
  primary: ForecastSeries,
  date: string,
  hour: number,
  field: F,
): HourValues[F] {
  const exact = merged(layers, hourKey(date, hour), field);
  if (exact !== undefined) return exact;
  for (const layer of [primary, ...layers]) {
    const found = nearest(layer, date, hour, field);
    if (found) return found.value;
  }
  return undefined;
}

/** The most authoritative layer with any temperature on `date`, its hour nearest `wantedHour` and that temperature. */
function primaryReading(layers: readonly ForecastSeries[], date: string, wantedHour: number) {
  for (const layer of layers) {
    const found = nearest(layer, date, wantedHour, 'temperature');
    if (found) return { primary: layer, hour: found.hour, current: found.value };
  }
  return null;
}

function definedValues<F extends Field>(
  layers: readonly ForecastSeries[],
  date: string,
  field: F,
): NonNullable<HourValues[F]>[] {
  const values: NonNullable<HourValues[F]>[] = [];
  for (let h = 0; h < 24; h++) {
    const v = merged(layers, hourKey(date, h), field);
    if (v !== undefined && v !== null) values.push(v);
  }
  return values;
}

function buildDay(layers: readonly ForecastSeries[], date: string, wantedHour: number): DayForecast | null {
  // The day belongs to the most authoritative layer that has any temperature for it.
  const reading = primaryReading(layers, date, wantedHour);
  if (!reading) return null;
  const { primary, hour, current } = reading;
  const daily = primary.days.get(date);

  const humidity = valueNear(layers, primary, date, hour, 'humidity');
  const windSpeed = valueNear(layers, primary, date, hour, 'windSpeed');
  const sky = valueNear(layers, primary, date, hour, 'sky') ?? daily?.sky;
  if (humidity === undefined || windSpeed === undefined || sky === undefined) return null;

  const temps = definedValues(layers, date, 'temperature');
  const min = Math.min(current, ...temps, ...(daily?.min === undefined ? [] : [daily.min]));
  const max = Math.max(current, ...temps, ...(daily?.max === undefined ? [] : [daily.max]));

  const amounts = definedValues(layers, date, 'precipitation');
  const probabilities = definedValues(layers, date, 'precipitationProbability');
  const types = definedValues(layers, date, 'precipitationType');

  const previous = hourKey(addDays(date, -1), hour);
  const temperatureBefore = merged(layers, previous, 'temperature');
  const humidityBefore = merged(layers, previous, 'humidity');

  return {
    date,
    forecastAt: seoulInstant(date, hour),
    source: primary.source,
    skyStatus: sky,
    precipitation: {
      type: types.length > 0 ? combinePrecipitation(types) : (daily?.precipitationType ?? 'NONE'),
      amount: amounts.length > 0 ? amounts.reduce((a, b) => a + b, 0) : (daily?.precipitationSum ?? 0),
      probability:
        probabilities.length > 0 ? Math.max(...probabilities) : (daily?.precipitationProbabilityMax ?? 0),
    },
    humidity: {
      current: humidity,
      comparedToDayBefore: humidityBefore === undefined ? null : humidity - humidityBefore,
    },
    temperature: {
      current,
      min,
      max,
      comparedToDayBefore: temperatureBefore === undefined ? null : current - temperatureBefore,
    },
    windSpeed,
  };
}

/**
 * Today (Asia/Seoul) and the next days from provider layers in priority order; a day no layer describes
 * is null. "current" is the value at the representative hour (today: the hour of `now`), comparisons are
 * against the day before at that same hour.
 */
export function buildDays(
  layers: readonly ForecastSeries[],
  now: Date,
  count = FORECAST_DAYS,
): (DayForecast | null)[] {
  const { date: today, hour } = seoulParts(now);
  return Array.from({ length: count }, (_, i) =>
    buildDay(layers, addDays(today, i), i === 0 ? hour : REPRESENTATIVE_HOUR),
  );
}
