import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ClothesType } from '@otboo/contract';
import type { Executor } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { clothes, clothesAttributes } from '../../../db/schema/index.js';

export interface ExportGarment {
  id: string;
  name: string;
  type: ClothesType;
  imageKey: string | null;
  createdAt: string;
  attributes: { definitionId: string; definitionName: string; value: string }[];
}

export interface ImportedGarment {
  name: string;
  type: ClothesType;
  imageKey: string | null;
  thumbnailKey: string | null;
  attributes: { definitionId: string; value: string }[];
}

/** Rows per INSERT: a few parameters each keeps a statement far below PostgreSQL's 65,535-parameter limit. */
const INSERT_CHUNK = 500;

/** Queries of the closet export and import (docs/api.md §9.7). */
export function createTransferRepo() {
  return {
    /** The owner's whole closet, oldest first, with attribute values, as one JSON text (one round trip). */
    async closetForExport(db: Executor, ownerId: string): Promise<ExportGarment[]> {
      const [row] = await rowsOf<{ closet: string }>(
        db,
        sql`
        select coalesce(json_agg(json_build_object(
                 'id', c.id, 'name', c.name, 'type', c.type, 'imageKey', c.image_key, 'createdAt', c.created_at,
                 'attributes', coalesce((
                   select json_agg(json_build_object('definitionId', d.id, 'definitionName', d.name, 'value', ca.value)
                                   order by d.name, d.id)
                   from clothes_attributes ca join attribute_defs d on d.id = ca.definition_id
                   where ca.clothes_id = c.id), '[]'::json))
               order by c.created_at, c.id), '[]'::json)::text as closet
        from clothes c where c.owner_id = ${ownerId}`,
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
      return rows.map((r) => r.id);
    },
  };
}
export type TransferRepo = ReturnType<typeof createTransferRepo>;
