import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ClothesType } from '@otboo/contract';
import type { Executor } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { clothes, clothesAttributes, clothesAttributeValues } from '../../../db/schema/index.js';

export interface ExportGarment {
  id: string;
  name: string;
  type: ClothesType;
  imageKey: string | null;
  createdAt: string;
  brand: string | null;
  size: string | null;
  notes: string | null;
  purchasePrice: number | null;
  purchaseDate: string | null;
  /** `values`: the attribute's several values (docs/api.md §9.8) in option order, or null. */
  attributes: { definitionId: string; definitionName: string; value: string; values: string[] | null }[];
}

export interface ImportedGarment {
  name: string;
  type: ClothesType;
  imageKey: string | null;
  thumbnailKey: string | null;
  brand: string | null;
  size: string | null;
  notes: string | null;
  purchase: { price: number; date: string | null } | null;
  attributes: { definitionId: string; value: string }[];
  /** Several seasons (docs/api.md §9.8); the first is also among `attributes`. */
  seasons: { definitionId: string; values: string[] } | null;
}

/** Rows per INSERT: a few parameters each keeps a statement far below PostgreSQL's 65,535-parameter limit. */
const INSERT_CHUNK = 500;

/** Queries of the closet export and import (docs/api.md §9.7). */
export function createTransferRepo() {
  return {
    /** The owner's whole closet (the archive left out, docs/api.md §10), oldest first, with attribute values, as one JSON text (one round trip). */
    async closetForExport(db: Executor, ownerId: string): Promise<ExportGarment[]> {
      const [row] = await rowsOf<{ closet: string }>(
        db,
        sql`
        select coalesce(json_agg(json_build_object(
                 'id', c.id, 'name', c.name, 'type', c.type, 'imageKey', c.image_key, 'createdAt', c.created_at,
                 'brand', c.brand, 'size', c.size, 'notes', c.notes,
                 'purchasePrice', c.purchase_price, 'purchaseDate', c.purchase_date,
                 'attributes', coalesce((
                   select json_agg(json_build_object('definitionId', d.id, 'definitionName', d.name, 'value', ca.value,
                                     'values', (select json_agg(v.value order by array_position(d.selectable_values, v.value), v.value)
                                                from clothes_attribute_values v
                                                where v.clothes_id = ca.clothes_id and v.definition_id = ca.definition_id))
                                   order by d.name, d.id)
                   from clothes_attributes ca join attribute_defs d on d.id = ca.definition_id
                   where ca.clothes_id = c.id), '[]'::json))
               order by c.created_at, c.id), '[]'::json)::text as closet
        from clothes c where c.owner_id = ${ownerId} and c.archived_at is null`,
      );
      return JSON.parse(row?.closet ?? '[]') as ExportGarment[];
    },

    /**
     * Creates the garments for `ownerId` in the order given: creation times one millisecond apart, so the closet
     * (newest first) shows them in the order of the file. Resolves the new ids, in that order.
     */
    async insertImported(
      db: Executor,
      ownerId: string,
      garments: readonly ImportedGarment[],
    ): Promise<string[]> {
      const start = Date.now() - garments.length;
      const rows = garments.map((g, i) => ({
        id: randomUUID(),
        ownerId,
        name: g.name,
        type: g.type,
        imageKey: g.imageKey,
        thumbnailKey: g.thumbnailKey,
        brand: g.brand,
        size: g.size,
        notes: g.notes,
        purchasePrice: g.purchase?.price ?? null,
        purchaseDate: g.purchase?.date ?? null,
        createdAt: new Date(start + i),
        updatedAt: new Date(start + i),
      }));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await db.insert(clothes).values(rows.slice(i, i + INSERT_CHUNK));
      const values = rows.flatMap((r, i) =>
        (garments[i]?.attributes ?? []).map((a) => ({ clothesId: r.id, ...a })),
      );
      for (let i = 0; i < values.length; i += INSERT_CHUNK)
        await db.insert(clothesAttributes).values(values.slice(i, i + INSERT_CHUNK));
      // After their first values, which the sets hang off (foreign key).
      const sets = rows.flatMap((r, i) => {
        const seasons = garments[i]?.seasons;
        return seasons && seasons.values.length > 1
          ? seasons.values.map((value) => ({ clothesId: r.id, definitionId: seasons.definitionId, value }))
          : [];
      });
      for (let i = 0; i < sets.length; i += INSERT_CHUNK)
        await db.insert(clothesAttributeValues).values(sets.slice(i, i + INSERT_CHUNK));
      return rows.map((r) => r.id);
    },
  };
}
export type TransferRepo = ReturnType<typeof createTransferRepo>;
