import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { AvailabilityState, ClothesType } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { clothes, planClothes, plans, profiles, databaseNow } from '../../db/schema/index.js';

/** A planned piece as stored, with what the week needs to show and flag it. */
export interface PlannedPiece {
  clothesId: string;
  name: string;
  type: ClothesType;
  imageKey: string | null;
  thumbnailKey: string | null;
  archived: boolean;
  /** The state it was last set away in and its last day away (null: unknown); null when set available. */
  away: { state: AvailabilityState; until: string | null } | null;
}

/** One stored plan with its pieces in the order chosen. */
export interface PlanRow {
  date: string;
  note: string | null;
  pieces: PlannedPiece[];
}

/** A garment named by a plan request: whose it is and whether it can be worn. */
export interface GarmentOwner {
  id: string;
  name: string;
  ownerId: string;
  archived: boolean;
  away: { state: AvailabilityState; until: string | null } | null;
}

const awayOf = (state: AvailabilityState, until: string | null) =>
  state === 'AVAILABLE' ? null : { state, until };

/** Queries of '이번 주 코디' (docs/api.md §10). */
export function createPlansRepo() {
  return {
    /** The profile's saved point, or null when the user has not set one. */
    async locationOf(db: Executor, userId: string): Promise<{ latitude: number; longitude: number } | null> {
      const [row] = await db
        .select({ latitude: profiles.latitude, longitude: profiles.longitude })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      return row && row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null;
    },

    /**
     * The user's plans from `from` to `to` (both included), by date, each with its pieces in order. A plan whose
     * pieces were all deleted is left out: it counts as no plan.
     */
    async plansIn(db: Executor, userId: string, from: string, to: string): Promise<PlanRow[]> {
      const rows = await db
        .select({
          date: plans.date,
          note: plans.note,
          clothesId: clothes.id,
          name: clothes.name,
          type: clothes.type,
          imageKey: clothes.imageKey,
          thumbnailKey: clothes.thumbnailKey,
          archivedAt: clothes.archivedAt,
          state: clothes.availabilityState,
          until: clothes.availabilityUntil,
        })
        .from(plans)
        .innerJoin(planClothes, and(eq(planClothes.userId, plans.userId), eq(planClothes.date, plans.date)))
        .innerJoin(clothes, eq(clothes.id, planClothes.clothesId))
        .where(and(eq(plans.userId, userId), between(plans.date, from, to)))
        .orderBy(asc(plans.date), asc(planClothes.position));
      const out: PlanRow[] = [];
      for (const r of rows) {
        let plan = out.at(-1);
        if (plan?.date !== r.date) {
          plan = { date: r.date, note: r.note, pieces: [] };
          out.push(plan);
        }
        plan.pieces.push({
          clothesId: r.clothesId,
          name: r.name,
          type: r.type,
          imageKey: r.imageKey,
          thumbnailKey: r.thumbnailKey,
          archived: r.archivedAt !== null,
          away: awayOf(r.state, r.until),
        });
      }
      return out;
    },

    /** The garments of these ids that exist, with their owners and availability. */
    async garments(db: Executor, ids: readonly string[]): Promise<GarmentOwner[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: clothes.id,
          name: clothes.name,
          ownerId: clothes.ownerId,
          archivedAt: clothes.archivedAt,
          state: clothes.availabilityState,
          until: clothes.availabilityUntil,
        })
        .from(clothes)
        .where(inArray(clothes.id, [...ids]));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        ownerId: r.ownerId,
        archived: r.archivedAt !== null,
        away: awayOf(r.state, r.until),
      }));
    },

    /** Sets the day's plan: its note and pieces (in this order) replace what was planned. */
    async put(
      tx: Executor,
      userId: string,
      date: string,
      note: string | null,
      clothesIds: readonly string[],
    ): Promise<void> {
      await tx
        .insert(plans)
        .values({ userId, date, note })
        .onConflictDoUpdate({
          target: [plans.userId, plans.date],
          set: { note, updatedAt: databaseNow() },
        });
      await tx.delete(planClothes).where(and(eq(planClothes.userId, userId), eq(planClothes.date, date)));
      await tx
        .insert(planClothes)
        .values(clothesIds.map((clothesId, position) => ({ userId, date, clothesId, position })));
    },

    /**
     * Stores the plans `auto` made, for dates that still have none: plans emptied by deleted garments are removed
     * first; a date planned meanwhile (another request) keeps its plan. Returns the dates stored.
     */
    async insertNew(
      tx: Executor,
      userId: string,
      made: readonly { date: string; clothesIds: readonly string[] }[],
    ): Promise<Set<string>> {
      if (made.length === 0) return new Set();
      const dates = made.map((m) => m.date);
      await tx
        .delete(plans)
        .where(
          and(
            eq(plans.userId, userId),
            inArray(plans.date, dates),
            sql`not exists (select 1 from plan_clothes pc where pc.user_id = ${plans.userId} and pc.date = ${plans.date})`,
          ),
        );
      const inserted = await tx
        .insert(plans)
        .values(made.map((m) => ({ userId, date: m.date, note: null })))
        .onConflictDoNothing()
        .returning({ date: plans.date });
      const stored = new Set(inserted.map((r) => r.date));
      const pieces = made
        .filter((m) => stored.has(m.date))
        .flatMap((m) =>
          m.clothesIds.map((clothesId, position) => ({ userId, date: m.date, clothesId, position })),
        );
      if (pieces.length) await tx.insert(planClothes).values(pieces);
      return stored;
    },

    async remove(db: Executor, userId: string, date: string): Promise<void> {
      await db.delete(plans).where(and(eq(plans.userId, userId), eq(plans.date, date)));
    },
  };
}
export type PlansRepo = ReturnType<typeof createPlansRepo>;
