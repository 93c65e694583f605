import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Location } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { tripItems, trips, type StoredTripDay } from '../../db/schema/index.js';

export type TripRow = typeof trips.$inferSelect;
export type TripItemRow = typeof tripItems.$inferSelect;

export interface NewTrip {
  userId: string;
  location: Location;
  fromDate: string;
  toDate: string;
  days: StoredTripDay[];
  items: { clothesId: string; days: number }[];
}

/** Queries of trips and their packing lists (docs/api.md §10). */
export function createTripsRepo() {
  return {
    /**
     * Locks the user's trips for the rest of the transaction (a transaction-scoped advisory lock on the user), so
     * that two trips made at once are counted one after the other against the per-user bound.
     */
    async lockUser(tx: Executor, userId: string): Promise<void> {
      await rowsOf(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`trips:${userId}`}, 0))`);
    },

    async countOf(tx: Executor, userId: string): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(trips).where(eq(trips.userId, userId));
      return row?.n ?? 0;
    },

    async insert(tx: Executor, trip: NewTrip): Promise<TripRow> {
      const [row] = await tx
        .insert(trips)
        .values({
          userId: trip.userId,
          location: trip.location,
          fromDate: trip.fromDate,
          toDate: trip.toDate,
          days: trip.days,
        })
        .returning();
      if (!row) throw new Error('insert into trips returned no row');
      if (trip.items.length > 0)
        await tx
          .insert(tripItems)
          .values(trip.items.map((i, position) => ({ tripId: row.id, position, ...i })));
      return row;
    },

    /** The user's trips, newest first. */
    async listOf(db: Executor, userId: string): Promise<TripRow[]> {
      return db
        .select()
        .from(trips)
        .where(eq(trips.userId, userId))
        .orderBy(desc(trips.createdAt), desc(trips.id));
    },

    /** A trip of the user; undefined for an unknown id or another user's trip. */
    async findOwned(db: Executor, userId: string, id: string): Promise<TripRow | undefined> {
      const [row] = await db
        .select()
        .from(trips)
        .where(and(eq(trips.id, id), eq(trips.userId, userId)));
      return row;
    },

    /** The packing rows of trips, in list order. */
    async itemsOf(db: Executor, tripIds: readonly string[]): Promise<TripItemRow[]> {
      if (tripIds.length === 0) return [];
      return db
        .select()
        .from(tripItems)
        .where(inArray(tripItems.tripId, [...tripIds]))
        .orderBy(asc(tripItems.tripId), asc(tripItems.position));
    },

    /** Ticks or unticks a piece; false when the piece is not in the trip's list. */
    async setPacked(db: Executor, tripId: string, clothesId: string, packed: boolean): Promise<boolean> {
      const rows = await db
        .update(tripItems)
        .set({ packed })
        .where(and(eq(tripItems.tripId, tripId), eq(tripItems.clothesId, clothesId)))
        .returning({ tripId: tripItems.tripId });
      return rows.length > 0;
    },

    /** Deletes a trip of the user (its packing rows go with it); false when there is none. */
    async deleteOwned(db: Executor, userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(trips)
        .where(and(eq(trips.id, id), eq(trips.userId, userId)))
        .returning({ id: trips.id });
      return rows.length > 0;
    },
  };
}
export type TripsRepo = ReturnType<typeof createTripsRepo>;
