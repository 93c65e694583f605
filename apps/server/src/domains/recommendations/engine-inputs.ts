import type { WeatherDto } from '@otboo/contract';
import { apparentTemperature } from './engine/apparent-temperature.js';
import type { EngineWeather, WearRecord } from './engine/recommend.js';
import type { WearRow } from './recommendations.repo.js';

/** The month (1–12) of an ISO date: the engine's seasons and the apparent temperature read it. */
export const monthOf = (isoDate: string) => Number(isoDate.slice(5, 7));

/** A forecast day, as the weather's api answers it, as the engine reads it on the Seoul date it stands for. */
export function engineWeatherOf(w: WeatherDto, date: string): EngineWeather {
  return {
    temperature: w.temperature.current,
    min: w.temperature.min,
    max: w.temperature.max,
    humidity: w.humidity.current,
    windSpeed: w.windSpeed.speed,
    precipitationType: w.precipitation.type,
    precipitationProbability: w.precipitation.probability,
    skyStatus: w.skyStatus,
    month: monthOf(date),
  };
}

/** A piece worn in a posted outfit, with the apparent temperature of that day (the engine's wear history). */
export function wearRecord(row: WearRow): WearRecord {
  const { value } = apparentTemperature({
    temperature: row.weather.temperatureCurrent,
    windSpeed: row.weather.windSpeed,
    humidity: row.weather.humidity,
    month: monthOf(row.weather.forecastDate),
  });
  return { clothesId: row.clothesId, wornAt: row.wornAt, apparent: value };
}
