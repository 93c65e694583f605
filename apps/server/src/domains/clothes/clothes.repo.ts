import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ArchiveReason, AvailabilityState, ClothesAttributeDto, ClothesType } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  attributeDefs,
  clothes,
  clothesAttributes,
  clothesAttributeValues,
  feedClothes,
  databaseNow,
} from '../../db/schema/index.js';
import { likePattern, newestFirstAfter, newestFirstCursor, type NewestFirstShape } from '../../lib/cursor.js';
import { literalLimit, preparedStatements } from '../../lib/prepared.js';
import { must } from '../../lib/must.js';

export type ClothesRow = typeof clothes.$inferSelect;

export interface ClothesFilter {
  ownerId: string;
  typeEqual?: ClothesType | undefined;
  keywordLike?: string | undefined;
  /** Only pieces in this state on `today` (docs/api.md §10). */
  availabilityEqual?: AvailabilityState | undefined;
  /** The archive instead of the closet. */
  archived?: boolean | undefined;
  /** Today in Seoul, `YYYY-MM-DD`: what `availabilityEqual` is judged on. */
  today: string;
}

/** A garment of a closet page with its attribute values. */
export interface ClothesPageRow {
  id: string;
  ownerId: string;
  name: string;
  type: ClothesType;
  imageKey: string | null;
  thumbnailKey: string | null;
  brand: string | null;
  size: string | null;
  notes: string | null;
  availabilityState: AvailabilityState;
  availabilitySince: Date | null;
  availabilityUntil: string | null;
  washedAt: Date | null;
  archivedReason: ArchiveReason | null;
  archivedAt: Date | null;
  purchasePrice: number | null;
  purchaseDate: string | null;
  createdAt: Date;
  attributes: ClothesAttributeDto[];
  /** The sets of several values (docs/api.md §9.8) by definition id, each in option order. */
  valueSets: Map<string, string[]>;
}

/** Several values of one attribute of one garment (docs/api.md §9.8), in option order. */
export type ValueSets = Map<string, string[]>;

export interface AttributeValue {
  definitionId: string;
  value: string;
}

/**
 * The closet or the archive, and the pieces in one state on a day (docs/api.md §10): a state away from AVAILABLE
 * lasts through its `until`. `state` and `today` are SQL values (placeholders or parameters).
 */
function lifeWhere(archived: boolean, availability: 'any' | 'available' | 'away', state: SQL, today: SQL) {
  return and(
    archived ? isNotNull(clothes.archivedAt) : isNull(clothes.archivedAt),
    availability === 'available'
      ? sql`(${clothes.availabilityState} = 'AVAILABLE' or ${clothes.availabilityUntil} < ${today})`
      : availability === 'away'
        ? sql`(${clothes.availabilityState} = ${state} and (${clothes.availabilityUntil} is null or ${clothes.availabilityUntil} >= ${today}))`
        : undefined,
  );
}

const availabilityShape = (state: AvailabilityState | undefined) =>
  state === undefined ? 'any' : state === 'AVAILABLE' ? 'available' : 'away';

function filterWhere(f: ClothesFilter): SQL | undefined {
  const keyword = f.keywordLike?.trim();
  return and(
    eq(clothes.ownerId, f.ownerId),
    f.typeEqual ? eq(clothes.type, f.typeEqual) : undefined,
    // The owner's index narrows to one closet first, so a plain ILIKE over its names is cheap.
    keyword ? sql`${clothes.name} ilike ${likePattern(keyword)}` : undefined,
    lifeWhere(
      !!f.archived,
      availabilityShape(f.availabilityEqual),
      sql`${f.availabilityEqual ?? null}`,
      sql`${f.today}`,
    ),
  );
}

/** The order a garment's attributes are shown in, everywhere: by definition name, then id (`d` = attribute_defs). */
const attributeOrder = sql`d.name, d.id`;

/** A garment with its attribute values and their definitions, in attribute order. */
export interface GarmentWithAttributes {
  id: string;
  name: string;
  type: ClothesType;
  imageKey: string | null;
  thumbnailKey: string | null;
  attributes: ClothesAttributeDto[];
  /** The state it was last set away in (laundry, lent, repair) and its last day away (null: unknown); null when set available. */
  away: { state: AvailabilityState; until: string | null } | null;
}

/**
 * Every garment of the owner's closet (by id; archived pieces are not in it, docs/api.md §10) with its attributes, in one round trip: the garments as one JSON text with
 * each attribute as a (definition id, value) pair in attribute order, and the definitions once beside them. A
 * definition's name and options are not repeated per garment (with many options that is megabytes for a large
 * closet), and the driver decodes two values instead of a row per attribute.
 */
export async function closetGarments(db: Executor, ownerId: string): Promise<GarmentWithAttributes[]> {
  const [row] = await rowsOf<{ closet: string; defs: string }>(
    db,
    sql`
    select coalesce(json_agg(json_build_array(g.id, g.name, g.type, g.image_key, g.thumbnail_key, g.attrs, g.availability_state, g.availability_until) order by g.id), '[]')::text as closet,
           (select coalesce(json_agg(json_build_array(d.id, d.name, d.selectable_values)), '[]')::text from attribute_defs d) as defs
    from (
      select c.id, c.name, c.type, c.image_key, c.thumbnail_key, c.availability_state, c.availability_until,
             json_agg(json_build_array(ca.definition_id, ca.value) order by ${attributeOrder}) filter (where d.id is not null) as attrs
      from clothes c
        left join clothes_attributes ca on ca.clothes_id = c.id
        left join attribute_defs d on d.id = ca.definition_id
      where c.owner_id = ${ownerId} and c.archived_at is null
      group by c.id
    ) g`,
  );
  const defs = new Map(
    (JSON.parse(row?.defs ?? '[]') as [string, string, string[]][]).map(([id, name, selectableValues]) => [
      id,
      { name, selectableValues },
    ]),
  );
  const garments = JSON.parse(row?.closet ?? '[]') as [
    string,
    string,
    ClothesType,
    string | null,
    string | null,
    [string, string][] | null,
    AvailabilityState,
    string | null,
  ][];
  return garments.map(([id, name, type, imageKey, thumbnailKey, attrs, state, until]) => ({
    id,
    away: state === 'AVAILABLE' ? null : { state, until },
    name,
    type,
    imageKey,
    thumbnailKey,
    attributes: (attrs ?? []).flatMap(([definitionId, value]) => {
      const d = defs.get(definitionId);
      return d ? [{ definitionId, definitionName: d.name, selectableValues: d.selectableValues, value }] : [];
    }),
  }));
}

/**
 * The version of an owner's closet as the recommender caches it, as an expression for the caller's own statement
 * (one round trip): the count and latest change of the owner's garments, and of the attribute definitions. Every
 * change to a garment or its attributes bumps `clothes.updated_at`, definitions bump theirs on update, and a
 * deleted row changes a count. Read from the shared database, so it is right whichever instance made the change.
 */
export function closetVersionSql(ownerId: string): SQL<string> {
  return sql<string>`((select count(*) || '/' || coalesce(max(c.updated_at)::text, '') from clothes c where c.owner_id = ${ownerId})
    || '|' || (select count(*) || '/' || coalesce(max(d.updated_at)::text, '') from attribute_defs d))`;
}

/** Attribute values with their definitions, per garment, in attribute order (name, then id). */
export async function clothesAttributesOf(
  db: Executor,
  clothesIds: readonly string[],
): Promise<Map<string, ClothesAttributeDto[]>> {
  const map = new Map<string, ClothesAttributeDto[]>();
  if (clothesIds.length === 0) return map;
  const rows = await db
    .select({
      clothesId: clothesAttributes.clothesId,
      definitionId: attributeDefs.id,
      definitionName: attributeDefs.name,
      selectableValues: attributeDefs.selectableValues,
      value: clothesAttributes.value,
    })
    .from(clothesAttributes)
    .innerJoin(attributeDefs, eq(attributeDefs.id, clothesAttributes.definitionId))
    .where(inArray(clothesAttributes.clothesId, [...clothesIds]))
    .orderBy(asc(attributeDefs.name), asc(attributeDefs.id));
  for (const { clothesId, ...attribute } of rows)
    map.set(clothesId, [...(map.get(clothesId) ?? []), attribute]);
  return map;
}

/**
 * A garment attribute's set of several values (docs/api.md §9.8) as a JSON array in option order, or null (`ca` =
 * clothes_attributes, `d` = its definition). Read through the set's primary key.
 */
const valueSetOf = sql`(select json_agg(v.value order by array_position(d.selectable_values, v.value), v.value)
  from clothes_attribute_values v where v.clothes_id = ca.clothes_id and v.definition_id = ca.definition_id)`;

/** The sets of several values (docs/api.md §9.8) of the garments, by garment, then definition, in option order. */
export async function clothesValueSetsOf(
  db: Executor,
  clothesIds: readonly string[],
): Promise<Map<string, ValueSets>> {
  const map = new Map<string, ValueSets>();
  if (clothesIds.length === 0) return map;
  const rows = await db
    .select({
      clothesId: clothesAttributeValues.clothesId,
      definitionId: clothesAttributeValues.definitionId,
      value: clothesAttributeValues.value,
    })
    .from(clothesAttributeValues)
    .innerJoin(attributeDefs, eq(attributeDefs.id, clothesAttributeValues.definitionId))
    .where(inArray(clothesAttributeValues.clothesId, [...clothesIds]))
    .orderBy(
      sql`array_position(${attributeDefs.selectableValues}, ${clothesAttributeValues.value})`,
      asc(clothesAttributeValues.value),
    );
  for (const { clothesId, definitionId, value } of rows) {
    const sets = map.get(clothesId) ?? new Map<string, string[]>();
    sets.set(definitionId, [...(sets.get(definitionId) ?? []), value]);
    map.set(clothesId, sets);
  }
  return map;
}

/** The columns of the closet's life (docs/api.md §10) as the page's JSON carries them. */
type LifeColumns = [
  AvailabilityState,
  string | null,
  string | null,
  string | null,
  ArchiveReason | null,
  string | null,
  number | null,
  string | null,
];

const dateOrNull = (v: string | null) => (v === null ? null : new Date(v));

function lifeOf([state, since, until, washedAt, reason, archivedAt, price, purchaseDate]: LifeColumns) {
  return {
    availabilityState: state,
    availabilitySince: dateOrNull(since),
    availabilityUntil: until,
    washedAt: dateOrNull(washedAt),
    archivedReason: reason,
    archivedAt: dateOrNull(archivedAt),
    purchasePrice: price,
    purchaseDate,
  };
}

/** What changes the text of a closet page's statement. */
interface ClosetPageShape extends NewestFirstShape {
  type: boolean;
  keyword: boolean;
  archived: boolean;
  availability: 'any' | 'available' | 'away';
  limit: number;
}

/**
 * A closet page (see ClothesRepo.page), built once per shape with the request's values as placeholders. The
 * owner's index narrows to one closet before any other condition, so a generic plan serves every value, the
 * keyword's included. In the count's subquery `clothes` is its own scan, so the same filter binds to it; the
 * definitions' subquery aggregates the page's ids at the outer level (`array_agg(p.id)`).
 */
const pageStatement = preparedStatements(
  (db: Executor, shape: ClosetPageShape) => {
    const where = and(
      eq(clothes.ownerId, sql.placeholder('ownerId')),
      shape.type ? eq(clothes.type, sql.placeholder('type')) : undefined,
      shape.keyword ? sql`${clothes.name} ilike ${sql.placeholder('pattern')}` : undefined,
      lifeWhere(
        shape.archived,
        shape.availability,
        sql`${sql.placeholder('state')}`,
        sql`${sql.placeholder('today')}::date`,
      ),
    );
    const after = newestFirstAfter(clothes.createdAt, clothes.id, shape);
    return db
      .select({
        page: sql<string>`coalesce(json_agg(json_build_array(p.id, p.owner_id, p.name, p.type, p.image_key, p.thumbnail_key, p.created_at, p.attrs, p.brand, p.size, p.notes, p.life) order by p.created_at desc, p.id desc), '[]')::text`,
        defs: sql<string>`(select coalesce(json_agg(json_build_array(d.id, d.name, d.selectable_values)), '[]')::text
          from attribute_defs d
          where d.id in (select ca.definition_id from clothes_attributes ca where ca.clothes_id = any(array_agg(p.id))))`,
        total: sql<number>`(select count(*)::int from ${clothes} where ${where})`,
      })
      .from(
        sql`(
          select ${clothes.id} as id, ${clothes.ownerId} as owner_id, ${clothes.name} as name, ${clothes.type} as type,
                 ${clothes.imageKey} as image_key, ${clothes.thumbnailKey} as thumbnail_key, ${clothes.createdAt} as created_at,
                 ${clothes.brand} as brand, ${clothes.size} as size, ${clothes.notes} as notes,
                 json_build_array(${clothes.availabilityState}, ${clothes.availabilitySince}, ${clothes.availabilityUntil},
                   ${clothes.washedAt}, ${clothes.archivedReason}, ${clothes.archivedAt}, ${clothes.purchasePrice},
                   ${clothes.purchaseDate}) as life,
                 (select json_agg(json_build_array(ca.definition_id, ca.value, ${valueSetOf})
                         order by ${attributeOrder})
                  from clothes_attributes ca join attribute_defs d on d.id = ca.definition_id
                  where ca.clothes_id = ${clothes.id}) as attrs
          from ${clothes}
          where ${and(where, after)}
          -- NULLS LAST like the indexes (the columns are NOT NULL, but the planner only matches the spelled order).
          order by ${clothes.createdAt} desc nulls last, ${clothes.id} desc nulls last
          limit ${literalLimit(shape.limit + 1)}
        ) p`,
      );
  },
  (shape: ClosetPageShape) =>
    [
      shape.type,
      shape.keyword,
      shape.archived,
      shape.availability,
      shape.cursor,
      shape.idAfter,
      shape.limit,
    ].join(','),
);

export function createClothesRepo() {
  return {
    /** `lock`: `update` while changing or deleting a garment. */
    async findById(db: Executor, id: string, lock?: 'update'): Promise<ClothesRow | undefined> {
      const q = db.select().from(clothes).where(eq(clothes.id, id));
      const [row] = lock ? await q.for(lock) : await q;
      return row;
    },

    async insert(
      db: Executor,
      values: {
        ownerId: string;
        name: string;
        type: ClothesType;
        imageKey: string | null;
        thumbnailKey: string | null;
        brand?: string | null;
        size?: string | null;
        notes?: string | null;
        purchasePrice?: number | null;
        purchaseDate?: string | null;
      },
    ): Promise<ClothesRow> {
      const [row] = await db.insert(clothes).values(values).returning();
      return must(row, 'INSERT … RETURNING of a garment');
    },

    async update(
      db: Executor,
      id: string,
      values: Partial<Omit<ClothesPageRow, 'id' | 'ownerId' | 'createdAt' | 'attributes' | 'valueSets'>>,
    ): Promise<ClothesRow> {
      // updatedAt is always set, so an attributes-only change still touches the row (and `set` is never empty).
      const [row] = await db
        .update(clothes)
        .set({ ...values, updatedAt: databaseNow() })
        .where(eq(clothes.id, id))
        .returning();
      return must(row, 'UPDATE … RETURNING of a garment the caller found');
    },

    async delete(db: Executor, id: string): Promise<ClothesRow | undefined> {
      const [row] = await db.delete(clothes).where(eq(clothes.id, id)).returning();
      return row;
    },

    /** Replaces a garment's attribute values with `values` (already checked against their definitions). */
    async replaceAttributes(
      db: Executor,
      clothesId: string,
      values: readonly AttributeValue[],
    ): Promise<void> {
      await db.delete(clothesAttributes).where(eq(clothesAttributes.clothesId, clothesId));
      if (values.length > 0)
        await db.insert(clothesAttributes).values(values.map((v) => ({ clothesId, ...v })));
    },

    /**
     * Sets a garment attribute's several values (docs/api.md §9.8), replacing its set; one value or none stores
     * no set. The attribute's own row (the first value) must be written first: the set hangs off it.
     */
    async replaceValueSet(
      db: Executor,
      clothesId: string,
      definitionId: string,
      values: readonly string[],
    ): Promise<void> {
      await db
        .delete(clothesAttributeValues)
        .where(
          and(
            eq(clothesAttributeValues.clothesId, clothesId),
            eq(clothesAttributeValues.definitionId, definitionId),
          ),
        );
      if (values.length > 1)
        await db
          .insert(clothesAttributeValues)
          .values(values.map((value) => ({ clothesId, definitionId, value })));
    },

    valueSetsOf: clothesValueSetsOf,

    /**
     * One closet page, newest first (createdAt desc, id desc), in one round trip of a statement prepared once per
     * shape (lib/prepared.ts): `limit + 1` garments (the extra one tells whether more follow), each with its
     * attribute values as (definition id, value) pairs, the definitions those pairs use once beside them, and
     * the filter's total count. Built by the database as JSON text (the embedded database spends far more time
     * decoding rows and JSON columns than running the query); a definition's name and options are not repeated
     * per garment there, only in the DTOs.
     */
    async page(
      db: Executor,
      filter: ClothesFilter,
      paging: { limit: number; cursor?: string | undefined; idAfter?: string | undefined },
    ): Promise<{ rows: ClothesPageRow[]; totalCount: number }> {
      const keyword = filter.keywordLike?.trim();
      const after = newestFirstCursor(paging);
      const [row] = await pageStatement(
        db,
        {
          type: !!filter.typeEqual,
          keyword: !!keyword,
          archived: !!filter.archived,
          availability: availabilityShape(filter.availabilityEqual),
          ...after.shape,
          limit: paging.limit,
        },
        {
          ownerId: filter.ownerId,
          type: filter.typeEqual,
          pattern: keyword ? likePattern(keyword) : undefined,
          state: filter.availabilityEqual,
          today: filter.today,
          ...after.values,
        },
      );
      const defs = new Map(
        (JSON.parse(row?.defs ?? '[]') as [string, string, string[]][]).map(
          ([id, name, selectableValues]) => [id, { name, selectableValues }],
        ),
      );
      const garments = JSON.parse(row?.page ?? '[]') as [
        string,
        string,
        string,
        ClothesType,
        string | null,
        string | null,
        string,
        [string, string, string[] | null][] | null,
        string | null,
        string | null,
        string | null,
        LifeColumns,
      ][];
      return {
        rows: garments.map(
          ([
            id,
            ownerId,
            name,
            type,
            imageKey,
            thumbnailKey,
            createdAt,
            attrs,
            brand,
            size,
            notes,
            life,
          ]) => ({
            ...lifeOf(life),
            id,
            ownerId,
            name,
            type,
            imageKey,
            thumbnailKey,
            brand,
            size,
            notes,
            createdAt: new Date(createdAt),
            attributes: (attrs ?? []).flatMap(([definitionId, value]) => {
              const d = defs.get(definitionId);
              return d
                ? [{ definitionId, definitionName: d.name, selectableValues: d.selectableValues, value }]
                : [];
            }),
            valueSets: new Map(
              (attrs ?? []).flatMap(([definitionId, , set]) => (set ? [[definitionId, set] as const] : [])),
            ),
          }),
        ),
        totalCount: Number(row?.total ?? 0),
      };
    },

    async count(db: Executor, filter: ClothesFilter): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(clothes)
        .where(filterWhere(filter));
      return row?.n ?? 0;
    },

    /** The owner's garments among `ids` (all of the owner's when `ids` is omitted), newest first. */
    async ownedBy(db: Executor, ownerId: string, ids?: readonly string[]): Promise<ClothesRow[]> {
      if (ids && ids.length === 0) return [];
      return db
        .select()
        .from(clothes)
        .where(and(eq(clothes.ownerId, ownerId), ids ? inArray(clothes.id, [...ids]) : undefined))
        .orderBy(desc(clothes.createdAt), desc(clothes.id));
    },

    attributesOf: clothesAttributesOf,

    /**
     * Which of a garment's image `keys` a feed snapshot still points at. Keys are unique per upload and feeds
     * copy them only from this garment (locking it FOR SHARE while copying), so looking at the garment's own
     * snapshots (indexed by clothes_id) is enough. Call it before deleting the garment: deletion sets
     * `feed_clothes.clothes_id` to null.
     */
    async imageKeysInFeeds(db: Executor, clothesId: string, keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const list = [...keys];
      const rows = await db
        .select({ imageKey: feedClothes.imageKey, thumbnailKey: feedClothes.thumbnailKey })
        .from(feedClothes)
        .where(
          and(
            eq(feedClothes.clothesId, clothesId),
            or(inArray(feedClothes.imageKey, list), inArray(feedClothes.thumbnailKey, list)),
          ),
        );
      const used = new Set<string>();
      for (const r of rows) {
        if (r.imageKey) used.add(r.imageKey);
        if (r.thumbnailKey) used.add(r.thumbnailKey);
      }
      return used;
    },
  };
}
export type ClothesRepo = ReturnType<typeof createClothesRepo>;
