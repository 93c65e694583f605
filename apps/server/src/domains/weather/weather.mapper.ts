import { randomUUID } from 'node:crypto';
import { windWordOf, type WeatherDto } from '@otboo/contract';
import type { DayForecast } from './forecast-days.js';
import type { GridCell } from './kma-grid.js';
import type { ForecastRow, NewForecastRow } from './weather.repo.js';

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
};

/** A stored forecast row → the contract's WeatherDto; `stale` says it is served because the provider failed. */
export function toWeatherDto(row: ForecastRow, stale = false): WeatherDto {
  return {
    id: row.id,
    forecastedAt: row.forecastedAt.toISOString(),
    forecastAt: row.forecastAt.toISOString(),
    location: {
      latitude: row.latitude,
      longitude: row.longitude,
      x: row.gridX,
      y: row.gridY,
      locationNames: row.locationNames,
    },
    skyStatus: row.skyStatus,
    precipitation: {
      type: row.precipitationType,
      amount: row.precipitationAmount,
      probability: row.precipitationProbability,
    },
    humidity: { current: row.humidity, comparedToDayBefore: row.humidityComparedToDayBefore },
    temperature: {
      current: row.temperatureCurrent,
      min: row.temperatureMin,
      max: row.temperatureMax,
      comparedToDayBefore: row.temperatureComparedToDayBefore,
    },
    windSpeed: { speed: row.windSpeed, asWord: row.windAsWord },
    source: row.source,
    stale,
  };
}

export interface BatchContext {
  batchId: string;
  gridX: number;
  gridY: number;
  latitude: number;
  longitude: number;
  locationNames: string[];
  forecastedAt: Date;
  createdAt: Date;
}

/** Where and when a batch of days was forecast: a cell, its centre and names, the issue and store times. */
export interface BatchOrigin {
  cell: GridCell;
  latitude: number;
  longitude: number;
  locationNames: string[];
  forecastedAt: Date;
  createdAt: Date;
}

/** A cell's days → the rows of one new batch (one id for all, so that a reader takes them together). */
export function toBatchRows(days: DayForecast[], { cell, ...origin }: BatchOrigin): NewForecastRow[] {
  const ctx = { batchId: randomUUID(), gridX: cell.x, gridY: cell.y, ...origin };
  return days.map((day, i) => toForecastRow(day, i, ctx));
}

/**
 * A built day → a row to insert. Values are rounded as shown (0.1 °C, 0.1 mm, 0.1 m/s, whole percent);
 * an unknown day-before comparison is stored as 0.
 */
export function toForecastRow(day: DayForecast, dayIndex: number, ctx: BatchContext): NewForecastRow {
  const wind = round(Math.max(0, day.windSpeed), 1);
  const temperature = round(day.temperature.current, 1);
  return {
    source: day.source,
    gridX: ctx.gridX,
    gridY: ctx.gridY,
    latitude: ctx.latitude,
    longitude: ctx.longitude,
    locationNames: ctx.locationNames,
    forecastDate: day.date,
    forecastAt: day.forecastAt,
    forecastedAt: ctx.forecastedAt,
    skyStatus: day.skyStatus,
    precipitationType: day.precipitation.type,
    precipitationAmount: round(Math.max(0, day.precipitation.amount), 1),
    precipitationProbability: round(Math.min(100, Math.max(0, day.precipitation.probability)), 0),
    humidity: round(Math.min(100, Math.max(0, day.humidity.current)), 0),
    humidityComparedToDayBefore: round(day.humidity.comparedToDayBefore ?? 0, 0),
    temperatureCurrent: temperature,
    temperatureMin: Math.min(temperature, round(day.temperature.min, 1)),
    temperatureMax: Math.max(temperature, round(day.temperature.max, 1)),
    temperatureComparedToDayBefore: round(day.temperature.comparedToDayBefore ?? 0, 1),
    windSpeed: wind,
    windAsWord: windWordOf(wind),
    batchId: ctx.batchId,
    dayIndex,
    createdAt: ctx.createdAt,
  };
}
