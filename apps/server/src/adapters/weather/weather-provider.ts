import type { PrecipitationType, SkyStatus } from '@otboo/contract';

/** Values of one local (Asia/Seoul) forecast hour; a provider leaves out what it does not know. */
export interface HourValues {
  temperature?: number;
  /** Relative humidity, %. */
  humidity?: number;
  /** %, 0–100. */
  precipitationProbability?: number;
  /** mm that fall in this hour. */
  precipitation?: number;
  precipitationType?: PrecipitationType;
  sky?: SkyStatus;
  /** m/s at 10 m. */
  windSpeed?: number;
}

/** Daily aggregates a provider publishes itself (KMA TMN/TMX, Open-Meteo `daily`). */
export interface DayValues {
  min?: number;
  max?: number;
  precipitationSum?: number;
  precipitationProbabilityMax?: number;
  precipitationType?: PrecipitationType;
  sky?: SkyStatus;
}

export type ProviderSource = 'open-meteo' | 'kma';

/** One provider's answer for one grid cell, normalised to local hours. */
export interface ForecastSeries {
  source: ProviderSource;
  /** When the provider issued it (KMA base time), or when we fetched it (Open-Meteo publishes none). */
  issuedAt: Date;
  /** Keyed by local hour `YYYY-MM-DDTHH` (lib/seoul-time.ts `hourKey`). */
  hours: Map<string, HourValues>;
  /** Keyed by local date `YYYY-MM-DD`. */
  days: Map<string, DayValues>;
}

export interface ForecastQuery {
  /** The grid cell's centre. */
  latitude: number;
  longitude: number;
  grid: { x: number; y: number };
  now: Date;
  signal?: AbortSignal;
}

/**
 * A weather provider: one or more series for a cell, the first the most authoritative. Open-Meteo answers
 * alone; KMA answers with its own short-term forecast first and Open-Meteo after it for the hours and days
 * the KMA issue does not reach.
 */
export interface WeatherProvider {
  readonly name: ProviderSource;
  fetchLayers(query: ForecastQuery): Promise<ForecastSeries[]>;
}

export type ProviderFailure = 'http' | 'timeout' | 'invalid' | 'empty' | 'rejected';

/** The provider did not give a usable forecast; the service falls back (stale → climatology → 503). */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderSource,
    readonly failure: ProviderFailure,
    message: string,
  ) {
    super(`${provider}: ${failure}: ${message}`);
  }
}
