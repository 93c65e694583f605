import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * The rows of a raw SQL statement, typed by the caller (who names the columns in the statement). Drizzle types
 * `execute`'s result loosely; node-postgres answers `{ rows }`.
 */
export async function rowsOf<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute<T>(query)) as { rows: T[] };
  return result.rows;
}
