import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key generated in the app (ids are known before insert) with a database default as well. */
export const idColumn = () =>
  uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`)
    .$defaultFn(() => randomUUID());

/**
 * Millisecond precision on purpose: cursors carry ISO instants (ms), so stored values must round-trip
 * exactly or a page boundary would repeat or skip a row.
 */
export const instant = () => timestamp({ withTimezone: true, precision: 3, mode: 'date' });

export const createdAt = () => instant().notNull().defaultNow();
export const updatedAt = () =>
  instant()
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());
