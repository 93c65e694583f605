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
/**
 * The database's clock. `updated_at` is stamped by it alone, on insert (the default) and on update alike: the
 * closet's version is the latest `updated_at` of its rows, so an update stamped by an app server whose clock is
 * behind the database's (another instance, a test's fake clock) would leave that version unchanged and the
 * recommender would keep serving the closet from before the change.
 */
export const databaseNow = () => sql<Date>`now()`;

export const updatedAt = () => instant().notNull().defaultNow().$onUpdateFn(databaseNow);
