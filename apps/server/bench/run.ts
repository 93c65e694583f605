/**
 * Benchmark runner: `npm run bench [-- <filter>…] [--duration=10] [--connections=50] [--db=embedded,postgres]
 * [--no-build]` at the repository root.
 *
 * Builds the contract and the server (the scenarios run `dist/server.js` as `npm start` does), measures a bare
 * Fastify hello world once, then runs every scenario exported as `scenarios` by `bench/scenarios/*.ts` whose
 * name contains one of the filters (all when none). Prints one table (req/s, p50, p99, ratio to hello world;
 * timings in ms) and writes the JSON to `.bench/<time>.json` at the repository root (git-ignored).
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runLoad } from './support/load.js';
import { SERVER_DIR, startHelloWorld } from './support/servers.js';
import type { BenchContext, BenchRow, DbKind, LoadRow, Scenario } from './support/types.js';

const ROOT = path.resolve(SERVER_DIR, '..', '..');
const SCENARIO_DIR = fileURLToPath(new URL('./scenarios', import.meta.url));

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string', default: 'embedded,postgres' },
    'no-build': { type: 'boolean', default: false },
  },
});

const ctx: BenchContext = {
  connections: Number(values.connections),
  durationSeconds: Number(values.duration),
  databases: values.db.split(',').filter((d): d is DbKind => d === 'embedded' || d === 'postgres'),
  log: (message) => console.log(`  · ${message}`),
};

function build() {
  for (const workspace of ['@otboo/contract', '@otboo/server']) {
    const res = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
    if (res.status !== 0)
      throw new Error(`build of ${workspace} failed (try --no-build with an existing dist)`);
  }
}

async function loadScenarios(): Promise<Scenario[]> {
  const files = (await readdir(SCENARIO_DIR)).filter((f) => f.endsWith('.ts')).sort();
  const all: Scenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(SCENARIO_DIR, file)).href)) as {
      scenarios?: Scenario[];
    };
    if (!Array.isArray(mod.scenarios)) {
      console.log(`(skipping scenarios/${file}: it exports no \`scenarios\`; run it on its own)`);
      continue;
    }
    all.push(...mod.scenarios);
  }
  return all;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table(rows: BenchRow[], hello: LoadRow) {
  const header = ['scenario', 'db', 'req/s', 'p50 ms', 'p99 ms', '× hello', 'non-2xx/err', 'notes'];
  const lines = rows.map((r) =>
    r.kind === 'load'
      ? [
          r.name,
          r.database ?? '',
          fmt(r.requestsPerSec),
          fmt(r.p50Ms, 1),
          fmt(r.p99Ms, 1),
          r === hello ? '1.00' : fmt(r.requestsPerSec / hello.requestsPerSec, 2),
          `${r.non2xx}/${r.errors}`,
          r.notes ?? '',
        ]
      : [
          r.name,
          r.database ?? '',
          '',
          `${fmt(r.medianMs)} (median)`,
          `${fmt(r.maxMs)} (max)`,
          '',
          '',
          [
            r.targetMs ? `target < ${r.targetMs} ms: ${r.medianMs < r.targetMs ? 'met' : 'MISSED'}` : '',
            `n=${r.samplesMs.length}${r.minMs === undefined ? '' : `, min ${fmt(r.minMs)}`}`,
            r.notes ?? '',
          ]
            .filter(Boolean)
            .join('; '),
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 && i <= 6 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(`\n${row(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(row(l));
}

if (!values['no-build']) build();
const scenarios = (await loadScenarios()).filter(
  (s) => positionals.length === 0 || positionals.some((p) => s.name.includes(p)),
);
const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
};
console.log(
  `otboo benchmarks — ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}`,
);
// Figures only mean something on an otherwise idle machine: say so when it is not.
const loadAtStart = os.loadavg()[0]!;
if (loadAtStart > machine.cpus * 0.5) {
  console.warn(
    `warning: load average ${loadAtStart.toFixed(1)} on ${machine.cpus} cores before starting; figures will be low`,
  );
}
console.log(
  `${ctx.connections} connections, ${ctx.durationSeconds} s per load; databases: ${ctx.databases.join(', ')}`,
);

const helloServer = await startHelloWorld();
const hello = await runLoad({
  name: 'hello world (bare Fastify, own process)',
  url: helloServer.url,
  connections: ctx.connections,
  durationSeconds: ctx.durationSeconds,
});
await helloServer.stop();
const rows: BenchRow[] = [hello];
const failures: string[] = [];
for (const scenario of scenarios) {
  console.log(`\n▶ ${scenario.name}: ${scenario.description}`);
  try {
    const result = await scenario.run(ctx);
    for (const r of result) console.log(`  ✓ ${r.name}${r.database ? ` [${r.database}]` : ''}`);
    rows.push(...result);
  } catch (err) {
    console.error(`  ✗ ${scenario.name} failed: ${(err as Error).stack ?? String(err)}`);
    failures.push(scenario.name);
  }
}
table(rows, hello);
const loadAverage = { start: loadAtStart, end: os.loadavg()[0]! };
console.log(
  `\nload average (1 min): ${loadAverage.start.toFixed(1)} at start, ${loadAverage.end.toFixed(1)} at end`,
);

const out = path.join(ROOT, '.bench');
await mkdir(out, { recursive: true });
const file = path.join(out, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(
  file,
  `${JSON.stringify({ machine, loadAverage, options: { ...values, filters: positionals }, rows, failures }, null, 2)}\n`,
);
console.log(`\nresults: ${path.relative(process.cwd(), file)}`);
if (failures.length > 0) {
  console.error(`failed: ${failures.join(', ')}`);
  process.exitCode = 1;
}
