import { sql } from 'drizzle-orm';
import {
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, updatedAt } from './columns.js';
import { users } from './users.js';
import { ARCHIVE_REASONS, AVAILABILITY_STATES, CLOTHES_TYPES } from '@otboo/contract';

export const attributeDefs = pgTable(
  'attribute_defs',
  {
    id: idColumn(),
    name: text().notNull(),
    selectableValues: text().array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('attribute_defs_name_lower_key').on(sql`lower(${t.name})`)],
);

export const clothes = pgTable(
  'clothes',
  {
    id: idColumn(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text({
      enum: CLOTHES_TYPES,
    }).notNull(),
    /** Storage keys of the re-encoded image and its thumbnail. */
    imageKey: text(),
    thumbnailKey: text(),
    /** Product page the garment was imported from, if any. */
    sourceUrl: text(),
    /** Ours (docs/api.md §9.8): null when not given. */
    brand: text(),
    size: text(),
    notes: text(),
    /**
     * Ours (docs/api.md §10). The state as last set; away from AVAILABLE it lasts through `availabilityUntil`
     * (a Seoul date, null: until cleared), so on any later day the piece is available without a write.
     */
    availabilityState: text({ enum: AVAILABILITY_STATES }).notNull().default('AVAILABLE'),
    availabilitySince: instant(),
    availabilityUntil: date({ mode: 'string' }),
    /** When the piece was last taken out of LAUNDRY by hand (the wash hint counts OOTDs since). */
    washedAt: instant(),
    /** In the archive ('보관함') when `archivedAt` is set, with its reason. */
    archivedReason: text({ enum: ARCHIVE_REASONS }),
    archivedAt: instant(),
    /** Won; the purchase is known when the price is. */
    purchasePrice: integer(),
    purchaseDate: date({ mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clothes_owner_created_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    index('clothes_owner_type_created_idx').on(t.ownerId, t.type, t.createdAt.desc(), t.id.desc()),
    index('clothes_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const clothesAttributes = pgTable(
  'clothes_attributes',
  {
    clothesId: uuid()
      .notNull()
      .references(() => clothes.id, { onDelete: 'cascade' }),
    definitionId: uuid()
      .notNull()
      .references(() => attributeDefs.id, { onDelete: 'cascade' }),
    value: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clothesId, t.definitionId] }),
    index('clothes_attributes_definition_idx').on(t.definitionId),
  ],
);

/**
 * Every value of an attribute that holds several (only the season definition's: docs/api.md §9.8), stored only
 * when there are two or more; `clothes_attributes` keeps the first of them as the attribute's one value (the
 * course contract's shape), and the set hangs off that row: deleting it (a cleared value, a removed option, a
 * deleted garment or definition) deletes the set, and a trigger of migration 0014 deletes it when the value
 * changes to another option (batch edit, a course client's edit), so the set never outlives the value it extends.
 */
export const clothesAttributeValues = pgTable(
  'clothes_attribute_values',
  {
    clothesId: uuid().notNull(),
    definitionId: uuid().notNull(),
    value: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clothesId, t.definitionId, t.value] }),
    foreignKey({
      columns: [t.clothesId, t.definitionId],
      foreignColumns: [clothesAttributes.clothesId, clothesAttributes.definitionId],
      name: 'clothes_attribute_values_attribute_fk',
    }).onDelete('cascade'),
  ],
);
