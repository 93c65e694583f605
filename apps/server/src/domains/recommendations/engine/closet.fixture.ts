import type { ClothesType } from '@otboo/contract';
import { inferProfile } from './garment-profile.js';
import type { Candidate, EngineWeather } from './recommend.js';

/** A candidate garment for the engine's tests, its profile inferred from its name, type and attributes. */
export const garment = (
  name: string,
  type: ClothesType,
  attributes: Record<string, string> = {},
): Candidate => ({
  id: name,
  type,
  profile: inferProfile({
    id: name,
    name,
    type,
    attributes: Object.entries(attributes).map(([n, value]) => ({ name: n, value })),
  }),
});

/** A calm, dry, cloudy autumn day whose apparent temperature equals the air temperature (no wind chill). */
export const day = (temperature: number, extra: Partial<EngineWeather> = {}): EngineWeather => ({
  temperature,
  min: temperature - 3,
  max: temperature + 2,
  humidity: 50,
  windSpeed: 1,
  precipitationType: 'NONE',
  precipitationProbability: 0,
  skyStatus: 'CLOUDY',
  month: 10,
  ...extra,
});
