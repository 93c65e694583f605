import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * The rows of a raw SQL statement, typed by the caller (who names the columns in the statement). Drizzle types
 * `execute` as unknown for a database that may be either driver; node-postgres and PGlite both answer `{ rows }`.
 */
export async function rowsOf<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute<T>(query)) as { rows: T[] };
  return result.rows;
}
