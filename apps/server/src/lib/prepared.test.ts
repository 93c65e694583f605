import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client.js';
import { preparedStatements } from './prepared.js';

/** A stand-in for a Drizzle query: counts how often its SQL is built and records each run's values. */
function recordingQuery(text: string, builds: string[], runs: unknown[]) {
  return {
    toSQL: () => {
      builds.push(text);
      return { sql: text };
    },
    prepare: (name: string) => ({
      execute: (values?: Record<string, unknown>) => {
        runs.push({ name, values });
        return Promise.resolve([values]);
      },
    }),
  };
}

describe('preparedStatements', () => {
  it('builds each shape once per database handle and runs it with each call’s values', async () => {
    const builds: string[] = [];
    const runs: { name: string; values: unknown }[] = [];
    const run = preparedStatements(
      (_db: Executor, shape: { sorted: boolean }) =>
        recordingQuery(`select … ${shape.sorted ? 'order by x' : ''}`, builds, runs),
      (shape) => String(shape.sorted),
    );
    const db = {} as Executor;
    const other = {} as Executor;
    await run(db, { sorted: true }, { id: 1 });
    await run(db, { sorted: true }, { id: 2 });
    await run(db, { sorted: false }, { id: 3 });
    await run(other, { sorted: true }, { id: 4 });
    expect(builds).toHaveLength(3);
    expect(runs.map((r) => r.values)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    // Same SQL text, same statement name (on every handle); another text, another name.
    expect(runs[0]?.name).toBe(runs[1]?.name);
    expect(runs[0]?.name).toBe(runs[3]?.name);
    expect(runs[2]?.name).not.toBe(runs[0]?.name);
  });
});
