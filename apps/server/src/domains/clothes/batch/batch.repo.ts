import { asc, eq, inArray, and, sql } from 'drizzle-orm';
import type { ClothesPurchaseInput, ClothesType } from '@otboo/contract';
import type { Executor } from '../../../db/client.js';
import { clothes, clothesAttributes, databaseNow } from '../../../db/schema/index.js';
import type { ClothesRow } from '../clothes.repo.js';

/** Queries of the batch edit (docs/api.md §9.6). */
export function createBatchRepo() {
  return {
    /** The garments among `ids`, locked for update in id order (two batches over the same garments never deadlock). */
    async lockMany(db: Executor, ids: readonly string[]): Promise<ClothesRow[]> {
      return db
        .select()
        .from(clothes)
        .where(inArray(clothes.id, [...ids]))
        .orderBy(asc(clothes.id))
        .for('update');
    },

    /**
     * Sets the type (when given) and always bumps `updated_at`: the recommender reloads a closet when that moves
     * (docs/recommendations.md §5), attribute-only changes included.
     */
    async touch(
      db: Executor,
      ids: readonly string[],
      type: ClothesType | undefined,
      purchase: ClothesPurchaseInput | null | undefined,
    ): Promise<ClothesRow[]> {
      return db
        .update(clothes)
        .set({
          ...(type ? { type } : {}),
          ...(purchase !== undefined
            ? { purchasePrice: purchase?.price ?? null, purchaseDate: purchase?.date ?? null }
            : {}),
          updatedAt: databaseNow(),
        })
        .where(inArray(clothes.id, [...ids]))
        .returning();
    },

    /** One definition's value on every garment of `ids`, replacing what they had. */
    async setAttribute(
      db: Executor,
      ids: readonly string[],
      definitionId: string,
      value: string,
    ): Promise<void> {
      await db
        .insert(clothesAttributes)
        .values(ids.map((clothesId) => ({ clothesId, definitionId, value })))
        .onConflictDoUpdate({
          target: [clothesAttributes.clothesId, clothesAttributes.definitionId],
          set: { value: sql`excluded.value` },
        });
    },

    async removeAttribute(db: Executor, ids: readonly string[], definitionId: string): Promise<void> {
      await db
        .delete(clothesAttributes)
        .where(
          and(
            inArray(clothesAttributes.clothesId, [...ids]),
            eq(clothesAttributes.definitionId, definitionId),
          ),
        );
    },
  };
}
export type BatchRepo = ReturnType<typeof createBatchRepo>;
