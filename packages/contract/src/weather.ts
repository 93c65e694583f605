import { z } from 'zod';
import { Id, optionalParam } from './common.js';
import { safeText } from './safe-text.js';
import { ko } from './texts.ko.js';

export const SKY_STATUSES = ['CLEAR', 'MOSTLY_CLOUDY', 'CLOUDY'] as const;
export const SkyStatus = z.enum(SKY_STATUSES);
export type SkyStatus = z.infer<typeof SkyStatus>;

export const PRECIPITATION_TYPES = ['NONE', 'RAIN', 'RAIN_SNOW', 'SNOW', 'SHOWER'] as const;
export const PrecipitationType = z.enum(PRECIPITATION_TYPES);
export type PrecipitationType = z.infer<typeof PrecipitationType>;

export const WIND_WORDS = ['WEAK', 'MODERATE', 'STRONG'] as const;
export const WindWord = z.enum(WIND_WORDS);
export type WindWord = z.infer<typeof WindWord>;

/** Wind word thresholds in m/s (docs/api.md §1): WEAK < 4 ≤ MODERATE < 9 ≤ STRONG. */
export const WIND_THRESHOLDS = { moderate: 4, strong: 9 } as const;
export function windWordOf(speed: number): WindWord {
  if (speed < WIND_THRESHOLDS.moderate) return 'WEAK';
  if (speed < WIND_THRESHOLDS.strong) return 'MODERATE';
  return 'STRONG';
}

export const WEATHER_SOURCES = ['open-meteo', 'kma', 'climatology'] as const;
export const WeatherSource = z.enum(WEATHER_SOURCES);
export type WeatherSource = z.infer<typeof WeatherSource>;

/**
 * Only numbers and numeric strings are coordinates: a blank query value (`?latitude=`), null, true or []
 * would otherwise coerce to 0 or 1 (`Number('')`, `Number(null)`, …) and pass as a real place.
 */
const blankToUndefined = (v: unknown) =>
  typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? v : undefined;
export const Latitude = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ message: ko.validation.latitudeRange })
    .refine((v) => Number.isFinite(v) && v >= -90 && v <= 90, ko.validation.latitudeRange),
);
export const Longitude = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ message: ko.validation.longitudeRange })
    .refine((v) => Number.isFinite(v) && v >= -180 && v <= 180, ko.validation.longitudeRange),
);

export const Location = z.object({
  latitude: z.number(),
  longitude: z.number(),
  x: z.number().int(),
  y: z.number().int(),
  locationNames: z.array(z.string()),
});
export type Location = z.infer<typeof Location>;

/** A location as a client sends it back (profile update): grid and names are recomputed when missing. */
export const LocationInput = z.object({
  latitude: Latitude,
  longitude: Longitude,
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  locationNames: z.array(z.string().max(50).check(safeText)).max(5).optional(),
});
export type LocationInput = z.infer<typeof LocationInput>;

export const CoordinatesQuery = z.object({ longitude: Longitude, latitude: Latitude });
export type CoordinatesQuery = z.infer<typeof CoordinatesQuery>;

export const Precipitation = z.object({
  type: PrecipitationType,
  amount: z.number(),
  probability: z.number(),
});
export const Humidity = z.object({ current: z.number(), comparedToDayBefore: z.number() });
export const Temperature = z.object({
  current: z.number(),
  min: z.number(),
  max: z.number(),
  comparedToDayBefore: z.number(),
});
export const WindSpeed = z.object({ speed: z.number(), asWord: WindWord });

export const WeatherDto = z.object({
  id: z.string(),
  forecastedAt: z.string(),
  forecastAt: z.string(),
  location: Location,
  skyStatus: SkyStatus,
  precipitation: Precipitation,
  humidity: Humidity,
  temperature: Temperature,
  windSpeed: WindSpeed,
  source: WeatherSource,
  stale: z.boolean(),
});
export type WeatherDto = z.infer<typeof WeatherDto>;
export const WeatherList = z.array(WeatherDto);

export const WeatherIdQuery = z.object({ weatherId: Id });

/** Places by name (docs/api.md §9.1): `query` 1–40 characters after trimming, `limit` 1–20 (default 10). */
export const PLACE_QUERY_MAX = 40;
export const PLACE_LIMIT = { default: 10, max: 20 } as const;
export const PlaceSearchQuery = z.object({
  query: z
    .string()
    .trim()
    .min(1, ko.places.queryRequired)
    .max(PLACE_QUERY_MAX, ko.places.queryTooLong)
    .check(safeText),
  limit: optionalParam(z.coerce.number().int().min(1).max(PLACE_LIMIT.max)).transform(
    (v) => v ?? PLACE_LIMIT.default,
  ),
});
export type PlaceSearchQuery = z.infer<typeof PlaceSearchQuery>;
export const LocationList = z.array(Location);
