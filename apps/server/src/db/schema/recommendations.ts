import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { clothes } from './clothes.js';
import { createdAt } from './columns.js';
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
