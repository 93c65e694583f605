import { date, foreignKey, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { clothes } from './clothes.js';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

/** '이번 주 코디': one planned day of one user (docs/api.md §10); its pieces are in planClothes. */
export const plans = pgTable(
  'plans',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Asia/Seoul calendar day. */
    date: date({ mode: 'string' }).notNull(),
    note: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/**
 * The pieces of a plan, in the order chosen. Deleting a garment deletes it from every plan (the cascade); a plan
 * whose pieces are all gone counts as no plan (docs/api.md §10).
 */
export const planClothes = pgTable(
  'plan_clothes',
  {
    userId: uuid().notNull(),
    date: date({ mode: 'string' }).notNull(),
    clothesId: uuid()
      .notNull()
      .references(() => clothes.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.date, t.clothesId] }),
    foreignKey({ columns: [t.userId, t.date], foreignColumns: [plans.userId, plans.date] }).onDelete(
      'cascade',
    ),
    // Deleting a garment finds its plan rows.
    index('plan_clothes_clothes_idx').on(t.clothesId),
  ],
);
