import type { Database } from '../../src/db/client.js';

/** A node of `EXPLAIN (FORMAT JSON)`, with the fields the checks read. */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

export interface QueryPlan {
  /** Every node, depth first. */
  nodes: PlanNode[];
  /** Node types, depth first (`Limit`, `Index Scan`, …). */
  types: string[];
  /** Names of the indexes the plan reads. */
  indexes: string[];
}

function flatten(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  out.push(node);
  for (const child of node.Plans ?? []) flatten(child, out);
  return out;
}

/**
 * The plan PostgreSQL picks for a Drizzle query with sorting discouraged (`enable_sort = off`):
 * when the query's ORDER BY matches an index, the plan reads that index and has no Sort node; when it does
 * not, a Sort remains whatever it costs. Tiny test tables would otherwise make a sort the cheaper choice.
 */
export async function queryPlan(database: Database, query: PromiseLike<unknown>): Promise<QueryPlan> {
  // Repos return Drizzle's query builders typed as promises; the builder is what can show its SQL.
  const builder = query as Partial<{ toSQL(): { sql: string; params: unknown[] } }>;
  if (typeof builder.toSQL !== 'function')
    throw new Error('queryPlan needs a Drizzle query builder, not a settled promise');
  const { sql, params } = builder.toSQL();
  const text = `explain (format json) ${sql}`;
  let json: unknown;
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_sort = off');
    const result = await client.query<{ 'QUERY PLAN': unknown }>(text, params);
    json = result.rows[0]!['QUERY PLAN'];
  } finally {
    await client.query('rollback');
    client.release();
  }
  const root = (json as { Plan: PlanNode }[])[0]!.Plan;
  const nodes = flatten(root);
  return {
    nodes,
    types: nodes.map((n) => n['Node Type']),
    indexes: nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
  };
}
