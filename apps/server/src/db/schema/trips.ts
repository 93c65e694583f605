import type { Location, TripDaySource } from '@otboo/contract';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { clothes } from './clothes.js';
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

/** A trip's day as stored when the trip is made: its weather and the ids of its outfit, in outfit order. */
export interface StoredTripDay {
  date: string;
  source: TripDaySource;
  min: number;
  max: number;
  precipitationProbability: number;
  clothesIds: string[];
}

/**
 * A trip ('여행 짐 싸기', docs/api.md §10): the place, the dates and each day's outfit, chosen once when the trip is
 * made so that the packing list the user ticks stays the same. Garments are read fresh on every answer.
 */
export const trips = pgTable(
  'trips',
  {
    id: idColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    location: jsonb().$type<Location>().notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    days: jsonb().$type<StoredTripDay[]>().notNull(),
    createdAt: createdAt(),
  },
  // The user's trips, newest first.
  (t) => [index('trips_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

/**
 * A piece of a trip's packing list: how many of the trip's outfits use it and whether it is packed. Deleting the
 * garment deletes the row, and the piece leaves the trip's list and outfits.
 */
export const tripItems = pgTable(
  'trip_items',
  {
    tripId: uuid()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    clothesId: uuid()
      .notNull()
      .references(() => clothes.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    days: integer().notNull(),
    packed: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.clothesId] }),
    // Deleting a garment finds its packing rows.
    index('trip_items_clothes_idx').on(t.clothesId),
  ],
);
