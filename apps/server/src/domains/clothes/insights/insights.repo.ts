import { sql } from 'drizzle-orm';
import type { ClothesType } from '@otboo/contract';
import type { Executor } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';

/** Names the colour definition may have, compacted like analysis/colour-names.ts compares them. */
const COLOUR_DEFINITION_NAMES = ['색상', '색', '색깔', '컬러', '칼라', 'color', 'colour'];

export interface InsightsSummary {
  totalCount: number;
  byType: { type: ClothesType; count: number }[];
  byColor: { value: string; count: number }[];
  wornCount: number;
  wear: {
    clothesId: string;
    name: string;
    type: ClothesType;
    imageKey: string | null;
    thumbnailKey: string | null;
    wearCount: number;
    lastWornAt: string;
  }[];
  neverWorn: {
    clothesId: string;
    name: string;
    type: ClothesType;
    imageKey: string | null;
    thumbnailKey: string | null;
    createdAt: string;
  }[];
  value: { totalSpent: number; best: ValueEntry[]; worst: ValueEntry[] };
}

/** A priced garment with its cost per wear (docs/api.md §10). */
export interface ValueEntry {
  clothesId: string;
  name: string;
  imageKey: string | null;
  thumbnailKey: string | null;
  price: number;
  wearCount: number;
  costPerWear: number;
}

/** Pieces listed in each of the value section's `best` and `worst`. */
const VALUE_LIST_MAX = 5;

/** The value section's list of priced pieces in `order` (`v` = the priced pieces with their cost per wear). */
const valueList = (order: ReturnType<typeof sql>) => sql`coalesce((
  select json_agg(json_build_object(
           'clothesId', id, 'name', name, 'imageKey', image_key, 'thumbnailKey', thumbnail_key,
           'price', price, 'wearCount', wear_count, 'costPerWear', cost_per_wear) order by ${order})
  from (select * from priced order by ${order} limit ${VALUE_LIST_MAX}) v), '[]'::json)`;

export interface GapGarment {
  id: string;
  name: string;
  type: ClothesType;
  attributes: { name: string; value: string }[];
}

/** Queries of the closet report (docs/api.md §9.4). */
export function createInsightsRepo() {
  return {
    /**
     * Everything the report counts, in one round trip answered as one JSON text. The owner's garments are read
     * once through `clothes_owner_created_idx`; wears come from the owner's posts (`feeds_author_created_idx`)
     * and their garments (`feed_clothes` primary key), grouped per garment; colours from the one colour
     * definition's values (`clothes_attributes` primary key). Names sort by code point (`collate "C"`), the
     * same on every database.
     */
    async summary(db: Executor, ownerId: string, listMax: number): Promise<InsightsSummary> {
      const [row] = await rowsOf<{ summary: string }>(
        db,
        sql`
        with mine as materialized (
          -- The closet: archived pieces are left out of every number (docs/api.md §10).
          select id, name, type, image_key, thumbnail_key, created_at, purchase_price
          from clothes where owner_id = ${ownerId} and archived_at is null
        ),
        worn as materialized (
          select fc.clothes_id, count(distinct f.id)::int as wear_count, max(f.created_at) as last_worn_at
          from feeds f join feed_clothes fc on fc.feed_id = f.id
          where f.author_id = ${ownerId} and fc.clothes_id is not null
          group by fc.clothes_id
        ),
        colour_def as (
          select id from attribute_defs
          where lower(regexp_replace(name, '[[:space:]_.·-]', '', 'g')) in (${sql.join(
            COLOUR_DEFINITION_NAMES.map((n) => sql`${n}`),
            sql`, `,
          )})
          order by name collate "C" limit 1
        ),
        priced as (
          select m.id, m.name, m.image_key, m.thumbnail_key, m.purchase_price as price,
                 coalesce(w.wear_count, 0) as wear_count,
                 round(m.purchase_price::numeric / greatest(coalesce(w.wear_count, 0), 1))::int as cost_per_wear
          from mine m left join worn w on w.clothes_id = m.id
          where m.purchase_price is not null
        )
        select json_build_object(
          'totalCount', (select count(*)::int from mine),
          'byType', coalesce((
            select json_agg(json_build_object('type', type, 'count', n) order by n desc, type collate "C")
            from (select type, count(*)::int as n from mine group by type) t), '[]'::json),
          'byColor', coalesce((
            select json_agg(json_build_object('value', value, 'count', n) order by n desc, value collate "C")
            from (
              select ca.value, count(*)::int as n
              from mine m join clothes_attributes ca on ca.clothes_id = m.id
              where ca.definition_id = (select id from colour_def)
              group by ca.value
            ) c), '[]'::json),
          'wornCount', (select count(*)::int from mine m join worn w on w.clothes_id = m.id),
          'wear', coalesce((
            select json_agg(json_build_object(
                     'clothesId', id, 'name', name, 'type', type, 'imageKey', image_key,
                     'thumbnailKey', thumbnail_key, 'wearCount', wear_count, 'lastWornAt', last_worn_at)
                   order by wear_count desc, name collate "C", id)
            from (
              select m.id, m.name, m.type, m.image_key, m.thumbnail_key, w.wear_count, w.last_worn_at
              from mine m join worn w on w.clothes_id = m.id
              order by w.wear_count desc, m.name collate "C", m.id
              limit ${listMax}
            ) top), '[]'::json),
          'neverWorn', coalesce((
            select json_agg(json_build_object(
                     'clothesId', id, 'name', name, 'type', type, 'imageKey', image_key,
                     'thumbnailKey', thumbnail_key, 'createdAt', created_at)
                   order by created_at, id)
            from (
              select m.id, m.name, m.type, m.image_key, m.thumbnail_key, m.created_at
              from mine m where not exists (select 1 from worn w where w.clothes_id = m.id)
              order by m.created_at, m.id
              limit ${listMax}
            ) idle), '[]'::json),
          'value', json_build_object(
            'totalSpent', (select coalesce(sum(price), 0)::bigint from priced),
            'best', ${valueList(sql`cost_per_wear, name collate "C", id`)},
            'worst', ${valueList(sql`cost_per_wear desc, name collate "C", id`)})
        )::text as summary`,
      );
      return JSON.parse(row?.summary ?? '{}') as InsightsSummary;
    },

    /**
     * What the report is computed from, as two version strings read in one round trip: the closet (count and
     * latest `updated_at` of the owner's garments, and of the attribute definitions; the closet domain bumps
     * `updated_at` on every change to a garment or its values) and the wears (count and latest `created_at` of the
     * owner's posts, whose garment lists never change after posting). Any change to either changes its string.
     */
    async versions(db: Executor, ownerId: string): Promise<{ closet: string; wear: string }> {
      const [row] = await rowsOf<{ closet: string; wear: string }>(
        db,
        sql`
        select (select count(*) || ':' || coalesce(max(updated_at)::text, '') from clothes where owner_id = ${ownerId})
                 || '/' || (select count(*) || ':' || coalesce(max(updated_at)::text, '') from attribute_defs) as closet,
               (select count(*) || ':' || coalesce(max(created_at)::text, '') from feeds where author_id = ${ownerId})
                 as wear`,
      );
      return { closet: row?.closet ?? '', wear: row?.wear ?? '' };
    },

    /** The owner's garments with their attribute values by definition name, as the engine reads them. */
    async closet(db: Executor, ownerId: string): Promise<GapGarment[]> {
      const [row] = await rowsOf<{ closet: string }>(
        db,
        sql`
        select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'type', c.type, 'attributes', coalesce((
                 select json_agg(json_build_object('name', d.name, 'value', ca.value) order by d.name, d.id)
                 from clothes_attributes ca join attribute_defs d on d.id = ca.definition_id
                 where ca.clothes_id = c.id), '[]'::json)) order by c.created_at, c.id), '[]'::json)::text as closet
        from clothes c where c.owner_id = ${ownerId} and c.archived_at is null`,
      );
      return JSON.parse(row?.closet ?? '[]') as GapGarment[];
    },
  };
}
export type InsightsRepo = ReturnType<typeof createInsightsRepo>;
