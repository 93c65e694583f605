/** Where a benchmarked server keeps its data. */
export type DbKind = 'embedded' | 'postgres';

/** Throughput under load (autocannon). */
export interface LoadRow {
  kind: 'load';
  name: string;
  database?: DbKind;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  durationSeconds: number;
  notes?: string;
}

/** Repeated wall-clock measurements (start-up, one-off operations). */
export interface TimingRow {
  kind: 'timing';
  name: string;
  database?: DbKind;
  samplesMs: number[];
  minMs?: number;
  medianMs: number;
  maxMs: number;
  /** Shown as met / missed in the table. */
  targetMs?: number;
  notes?: string;
}

export type BenchRow = LoadRow | TimingRow;

/** What the runner hands every scenario. */
export interface BenchContext {
  connections: number;
  durationSeconds: number;
  /** Databases selected with `--db` (default both); scenarios run once per kind they support. */
  databases: DbKind[];
  log(message: string): void;
}

/**
 * One benchmark. A file `bench/scenarios/<domain>.ts` exports `scenarios: Scenario[]`; the runner imports every
 * such file, runs what the command-line filters select, and prints each returned row.
 */
export interface Scenario {
  /** Unique, e.g. `auth.refresh`; the command-line filter matches it. */
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

export function timingRow(name: string, samplesMs: number[], extra: Partial<TimingRow> = {}): TimingRow {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    kind: 'timing',
    name,
    samplesMs: samplesMs.map((s) => Math.round(s)),
    minMs: Math.round(sorted[0] ?? 0),
    medianMs: Math.round(sorted[Math.floor((sorted.length - 1) / 2)] ?? 0),
    maxMs: Math.round(sorted[sorted.length - 1] ?? 0),
    ...extra,
  };
}
