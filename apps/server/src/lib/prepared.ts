import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/** A Drizzle query that can be turned into a named prepared statement. */
interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
}

/** A statement's name, from its SQL text: the same text gets the same name on every connection. */
function statementName(text: string): string {
  return `q_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
}

/**
 * Runs a query as a prepared statement named after its SQL text, so PostgreSQL can plan it once per connection
 * instead of on every request: planning the feed page (four joins, two subqueries) took ≈0.7 ms, more than
 * running it (≈0.3 ms). After five runs PostgreSQL keeps a generic plan (made without the values) when it costs
 * no more than the custom ones, so use this only for queries whose best plan does not depend on the values:
 * key lookups and keyset pages with a `literalLimit`, not keyword searches (an ILIKE's plan depends on the
 * word). Every distinct text is kept by each connection, so the text should vary little.
 */
export function runPrepared<T>(query: Preparable<T>): Promise<T> {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}

/**
 * Prepared statements of one query family, each built once per database handle and shape with
 * `sql.placeholder(…)` in place of the request's values, then run with them: no query building per request.
 * `runPrepared` builds the query twice on every call (its text for the name, then the statement); for the
 * cheapest signed-in route that was ≈12% of the server's CPU (profile in docs/scaling.md). `keyOf` must name
 * everything that changes the SQL text (which filters are present, the sort, a literal limit); the same
 * planning caveat as `runPrepared` applies. Transactions are handles too: a statement run in one is built
 * for it (and forgotten with it).
 */
export function preparedStatements<S, T>(
  build: (db: Executor, shape: S) => Preparable<T>,
  keyOf: (shape: S) => string,
) {
  const byHandle = new WeakMap<
    Executor,
    Map<string, { execute(values: Record<string, unknown>): Promise<T> }>
  >();
  return (db: Executor, shape: S, values: Record<string, unknown>): Promise<T> => {
    let statements = byHandle.get(db);
    if (!statements) byHandle.set(db, (statements = new Map()));
    const key = keyOf(shape);
    let statement = statements.get(key);
    if (!statement) {
      const query = build(db, shape);
      statement = query.prepare(statementName(query.toSQL().sql));
      statements.set(key, statement);
    }
    return statement.execute(values);
  };
}

/**
 * A LIMIT written into the SQL text instead of passed as a parameter. A generic plan does not know a
 * parameter's value and plans `id in (… limit $1)` for thousands of rows: hash joins over whole tables
 * (0.7 s instead of 1 ms). `n` must be a validated integer (page sizes are 1–101). Drizzle types `limit` as a
 * number but renders any SQL it is given.
 */
export function literalLimit(n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new Error(`limit must be a non-negative integer, got ${n}`);
  return sql.raw(String(n)) as unknown as number;
}
