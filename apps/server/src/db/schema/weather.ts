import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant } from './columns.js';
import { users } from './users.js';
import { PRECIPITATION_TYPES, SKY_STATUSES, WEATHER_SOURCES, WIND_WORDS } from '@otboo/contract';

/**
 * One forecast day for one KMA grid cell, as fetched at `forecastedAt`. Rows are immutable: a refresh
 * writes new rows, so the weather a feed refers to never changes after it was posted.
 */
export const weatherForecasts = pgTable(
  'weather_forecasts',
  {
    id: idColumn(),
    source: text({ enum: WEATHER_SOURCES }).notNull(),
    gridX: integer().notNull(),
    gridY: integer().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    locationNames: text().array().notNull(),
    /** Local (Asia/Seoul) calendar day this row describes. */
    forecastDate: date({ mode: 'string' }).notNull(),
    /** Instant the day is represented by (the hour the "current" values are for). */
    forecastAt: instant().notNull(),
    /** When the provider issued it (or when we fetched it). */
    forecastedAt: instant().notNull(),
    skyStatus: text({ enum: SKY_STATUSES }).notNull(),
    precipitationType: text({ enum: PRECIPITATION_TYPES }).notNull(),
    precipitationAmount: real().notNull(),
    precipitationProbability: real().notNull(),
    humidity: real().notNull(),
    humidityComparedToDayBefore: real().notNull(),
    temperatureCurrent: real().notNull(),
    temperatureMin: real().notNull(),
    temperatureMax: real().notNull(),
    temperatureComparedToDayBefore: real().notNull(),
    windSpeed: real().notNull(),
    windAsWord: text({ enum: WIND_WORDS }).notNull(),
    /** Fetch batch: the five days of one refresh share it. */
    batchId: uuid().notNull(),
    /** Position of the day in its batch (0 = the batch's today). */
    dayIndex: smallint().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('weather_cell_latest_idx').on(t.source, t.gridX, t.gridY, t.createdAt.desc()),
    index('weather_batch_idx').on(t.batchId, t.dayIndex),
  ],
);

/** Tomorrow-changed alerts already sent, so the scheduled check tells each user once per day. */
export const weatherAlerts = pgTable(
  'weather_alerts',
  {
    id: idColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    forecastDate: date({ mode: 'string' }).notNull(),
    kind: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('weather_alerts_user_date_kind_key').on(t.userId, t.forecastDate, t.kind)],
);
