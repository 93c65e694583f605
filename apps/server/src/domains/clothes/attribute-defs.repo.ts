import { and, asc, desc, eq, inArray, sql, type Column } from 'drizzle-orm';
import type { AttributeDefListQuery } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import {
  appSecrets,
  attributeDefs,
  clothesAttributes,
  clothesAttributeValues,
  users,
} from '../../db/schema/index.js';
import { likePattern } from '../../lib/cursor.js';
import { must } from '../../lib/must.js';
import { preparedStatements } from '../../lib/prepared.js';

export type AttributeDefRow = typeof attributeDefs.$inferSelect;

/** `app_secrets` row that says the default definitions were offered once (so deleting them is final). */
const SEED_MARKER = 'seed:attribute_defs';

/** PostgreSQL unique violation, as the pg driver reports it (drizzle wraps the driver error in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: string } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}

/** What changes the text of the definition list's statement. */
interface DefListShape {
  sortBy: AttributeDefListQuery['sortBy'];
  sortDirection: AttributeDefListQuery['sortDirection'];
  keyword: boolean;
}

/**
 * The definition list, built once per shape (lib/prepared.ts): the closet screen and every garment form ask for
 * it. A handful of rows, so one generic plan serves every keyword.
 */
const listStatement = preparedStatements(
  (db: Executor, shape: DefListShape) => {
    const dir = shape.sortDirection === 'ASCENDING' ? asc : desc;
    const order =
      shape.sortBy === 'createdAt'
        ? [dir(attributeDefs.createdAt), dir(attributeDefs.name)]
        : [dir(attributeDefs.name), dir(attributeDefs.createdAt)];
    return db
      .select()
      .from(attributeDefs)
      .where(shape.keyword ? sql`${attributeDefs.name} ilike ${sql.placeholder('pattern')}` : undefined)
      .orderBy(...order, dir(attributeDefs.id));
  },
  (shape: DefListShape) => `${shape.sortBy},${shape.sortDirection},${shape.keyword}`,
);

export function createAttributeDefsRepo() {
  return {
    async list(db: Executor, query: AttributeDefListQuery): Promise<AttributeDefRow[]> {
      const keyword = query.keywordLike?.trim();
      const shape = { sortBy: query.sortBy, sortDirection: query.sortDirection, keyword: !!keyword };
      return listStatement(db, shape, keyword ? { pattern: likePattern(keyword) } : {});
    },

    /** `lock`: `update` while changing a definition, `share` while checking values against it. */
    async findById(
      db: Executor,
      id: string,
      lock?: 'update' | 'share',
    ): Promise<AttributeDefRow | undefined> {
      const q = db.select().from(attributeDefs).where(eq(attributeDefs.id, id));
      const [row] = lock ? await q.for(lock) : await q;
      return row;
    },

    async findByIds(db: Executor, ids: readonly string[], lock?: 'share'): Promise<AttributeDefRow[]> {
      if (ids.length === 0) return [];
      const q = db
        .select()
        .from(attributeDefs)
        .where(inArray(attributeDefs.id, [...ids]));
      return lock ? q.for(lock) : q;
    },

    /** Null when the name is taken (case-insensitive unique index). */
    async insert(
      db: Executor,
      values: { name: string; selectableValues: string[] },
    ): Promise<AttributeDefRow | null> {
      const [row] = await db.insert(attributeDefs).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async insertMany(
      db: Executor,
      values: readonly { name: string; selectableValues: readonly string[] }[],
    ): Promise<void> {
      if (values.length === 0) return;
      await db
        .insert(attributeDefs)
        .values(values.map((v) => ({ name: v.name, selectableValues: [...v.selectableValues] })))
        .onConflictDoNothing();
    },

    /** Throws a unique violation when another definition has the name (see isUniqueViolation). */
    async update(
      db: Executor,
      id: string,
      values: { name: string; selectableValues: string[] },
    ): Promise<AttributeDefRow> {
      const [row] = await db.update(attributeDefs).set(values).where(eq(attributeDefs.id, id)).returning();
      return must(row, 'UPDATE … RETURNING of the definition just checked');
    },

    async nameTakenByOther(db: Executor, id: string, name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: attributeDefs.id })
        .from(attributeDefs)
        .where(
          and(sql`lower(${attributeDefs.name}) = ${name.toLowerCase()}`, sql`${attributeDefs.id} <> ${id}`),
        )
        .limit(1);
      return Boolean(row);
    },

    async delete(db: Executor, id: string): Promise<AttributeDefRow | undefined> {
      const [row] = await db.delete(attributeDefs).where(eq(attributeDefs.id, id)).returning();
      return row;
    },

    /** Drops the clothes' values of a definition that are not among `options` (compared case-insensitively). */
    async deleteValuesOutside(
      db: Executor,
      definitionId: string,
      options: readonly string[],
    ): Promise<number> {
      const lowered = options.map((o) => o.toLowerCase());
      const outside = (value: Column) =>
        // Options are never empty (at least one is required), so the list is valid SQL.
        sql`lower(${value}) not in (${sql.join(
          lowered.map((o) => sql`${o}`),
          sql`, `,
        )})`;
      // A garment's other seasons (docs/api.md §9.8) lose a removed option too; its first value goes below and
      // takes its whole set with it (foreign key).
      await db
        .delete(clothesAttributeValues)
        .where(
          and(eq(clothesAttributeValues.definitionId, definitionId), outside(clothesAttributeValues.value)),
        );
      const rows = await db
        .delete(clothesAttributes)
        .where(and(eq(clothesAttributes.definitionId, definitionId), outside(clothesAttributes.value)))
        .returning({ clothesId: clothesAttributes.clothesId });
      return rows.length;
    },

    /** Rewrites values whose option kept its meaning but changed its spelling (`black` → `Black`). */
    async respellValues(db: Executor, definitionId: string, options: readonly string[]): Promise<void> {
      for (const option of options) {
        await db
          .update(clothesAttributes)
          .set({ value: option })
          .where(
            and(
              eq(clothesAttributes.definitionId, definitionId),
              sql`lower(${clothesAttributes.value}) = ${option.toLowerCase()}`,
              sql`${clothesAttributes.value} <> ${option}`,
            ),
          );
        await db
          .update(clothesAttributeValues)
          .set({ value: option })
          .where(
            and(
              eq(clothesAttributeValues.definitionId, definitionId),
              sql`lower(${clothesAttributeValues.value}) = ${option.toLowerCase()}`,
              sql`${clothesAttributeValues.value} <> ${option}`,
            ),
          );
      }
    },

    async count(db: Executor): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(attributeDefs);
      return row?.n ?? 0;
    },

    /**
     * Claims the one-time seed: true for exactly one caller ever, across instances (the insert waits for a
     * concurrent claimer's transaction and then finds the row).
     */
    async claimSeed(db: Executor): Promise<boolean> {
      const rows = await db
        .insert(appSecrets)
        .values({ name: SEED_MARKER, value: new Date().toISOString() })
        .onConflictDoNothing()
        .returning({ name: appSecrets.name });
      return rows.length > 0;
    },

    async allUserIds(db: Executor): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users);
      return rows.map((r) => r.id);
    },
  };
}
export type AttributeDefsRepo = ReturnType<typeof createAttributeDefsRepo>;
