import { FEELINGS } from '@otboo/contract';
import { date, doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { clothes } from './clothes.js';
import { createdAt, instant, updatedAt } from './columns.js';
import { users } from './users.js';
import { weatherForecasts } from './weather.js';

/**
 * '이 옷 빼기': a garment the user took out of the recommendations for one forecast day. It is never proposed for
 * that day again, and garments taken out often count against them on other days (docs/recommendations.md §5).
 */
export const recommendationExclusions = pgTable(
  'recommendation_exclusions',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weatherId: uuid()
      .notNull()
      .references(() => weatherForecasts.id, { onDelete: 'cascade' }),
    clothesId: uuid()
      .notNull()
      .references(() => clothes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.weatherId, t.clothesId] }),
    // The user's latest exclusions, read with every recommendation.
    index('recommendation_exclusions_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Deleting a garment finds its exclusions.
    index('recommendation_exclusions_clothes_idx').on(t.clothesId),
  ],
);

/**
 * 'How did it feel?': one answer per user and forecast day (Asia/Seoul); answering again replaces it. The learned
 * shift is recomputed from these rows on every answer and kept in recommendationCalibrations (docs/recommendations.md §7).
 */
export const recommendationFeedback = pgTable(
  'recommendation_feedback',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    forecastDate: date({ mode: 'string' }).notNull(),
    /** The forecast answered for; kept when the forecast row goes (the date is what counts). */
    weatherId: uuid().references(() => weatherForecasts.id, { onDelete: 'set null' }),
    feeling: text({ enum: FEELINGS }).notNull(),
    answeredAt: instant().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.forecastDate] }),
    // A deleted forecast finds its answers (the foreign key's set null).
    index('recommendation_feedback_weather_idx').on(t.weatherId),
  ],
);

/**
 * The learned temperature shift, one row per user who answered: what every recommendation reads (by key, so its
 * cost does not grow with the answers). No row means 0.
 */
export const recommendationCalibrations = pgTable('recommendation_calibrations', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shiftCelsius: doublePrecision().notNull(),
  samples: integer().notNull(),
  updatedAt: updatedAt(),
});
