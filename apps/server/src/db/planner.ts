import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Executor, Tx } from './client.js';
import { rowsOf } from './rows.js';

/** The first node of `EXPLAIN (FORMAT JSON)`, with the field read here. */
interface PlanRoot {
  Plan: { 'Plan Rows': number };
}

/**
 * The planner's estimate of how many rows `query` returns, from column statistics: costs a plan, not a scan.
 * 0 when there is no plan to read.
 */
export async function estimatedRows(db: Executor, query: SQLWrapper): Promise<number> {
  const [row] = await rowsOf<{ 'QUERY PLAN': PlanRoot[] }>(db, sql`explain (format json) ${query}`);
  return Math.round(row?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * Runs `fn` in a transaction set up for one count over a large share of a big table, off the request path:
 * - `statement_timeout` 20 s, so a count that runs away gives up instead of holding a connection;
 * - `work_mem` 64 MB: room for an exact bitmap of every candidate of a gram-index scan. A lossy one makes
 *   PostgreSQL recompute the grams of each row on a lossy page (5 s instead of 0.3 s for 135,000 matches with
 *   the default 4 MB).
 * Both are local to the transaction (`set_config(…, true)` is SET LOCAL), set in one statement.
 */
export function withLargeCountSettings<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('statement_timeout', '20s', true), set_config('work_mem', '64MB', true)`,
    );
    return fn(tx);
  });
}
