import type pg from 'pg';
import { cpuMsOf, percentile } from './process-stats.js';

/** PostgreSQL backends serving the benchmarked server (its pool), not this process's own connection. */
export async function backendPids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.map((r: { pid: number }) => r.pid);
}

/**
 * One request after another on one connection: latency without queueing, and the CPU each request costs the
 * server process and the database backends, which other load on the machine disturbs far less than throughput.
 * `non2xx` counts the answers outside 2xx, so a failing route cannot pass for a fast one.
 */
export async function sequential(
  url: string,
  headers: Record<string, string>,
  serverPidValue: number,
  client: pg.Client,
  n: number,
) {
  const backends = await backendPids(client);
  const before = await Promise.all([cpuMsOf(serverPidValue), cpuMsOf(...backends)]);
  const times: number[] = [];
  let non2xx = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status < 200 || res.status > 299) non2xx++;
  }
  const after = await Promise.all([cpuMsOf(serverPidValue), cpuMsOf(...backends)]);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    serverCpu: (after[0] - before[0]) / n,
    dbCpu: (after[1] - before[1]) / n,
    non2xx,
  };
}
