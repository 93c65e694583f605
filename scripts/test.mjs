// `npm test`: every suite. Server HTTP suites run on PGlite, and on PostgreSQL when one answers
// (TEST_DATABASE_URL, else the local server at 127.0.0.1:5432).
import pg from 'pg';
import { ensureBuilt, ensureInstalled, npm, runKeepingTail } from './lib.mjs';

ensureInstalled();
ensureBuilt();

async function postgresAvailable() {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const withPostgres = await postgresAvailable();
if (!withPostgres) console.warn('[otboo] PostgreSQL not reachable: server suites run on PGlite only.');

const serverProjects = [
  '--project',
  'unit',
  '--project',
  'pglite',
  ...(withPostgres ? ['--project', 'postgres'] : []),
];
const steps = [
  ['typecheck', [npm, ['run', 'typecheck']]],
  ['lint', [npm, ['run', 'lint']]],
  ['format', [npm, ['run', 'format:check']]],
  ['cycles', [npm, ['run', 'cycles']]],
  ['contract', [npm, ['test', '-w', '@otboo/contract', '--', '--passWithNoTests']]],
  ['server', [npm, ['test', '-w', '@otboo/server', '--', ...serverProjects]]],
  ['web', [npm, ['test', '-w', '@otboo/web', '--', '--passWithNoTests']]],
  // The built app's first-paint JS+CSS per screen against its budget (apps/web/scripts/check-bundle-budget.mjs).
  ['budget', [npm, ['run', 'budget', '-w', '@otboo/web']]],
  ['e2e', [npm, ['test', '-w', '@otboo/e2e']]],
];

// A failed step's last lines are printed again at the very end: CI keeps only the tail of the whole output, and
// the failing test's name and error would otherwise be buried under the later suites.
const TAIL_LINES = 120;
const only = process.argv.slice(2);
const failed = [];
for (const [name, [cmd, args]] of steps) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n[otboo] ── ${name} ──`);
  const started = Date.now();
  const { code, tail } = await runKeepingTail(cmd, args, TAIL_LINES);
  console.log(
    `[otboo] ${name}: ${code === 0 ? 'ok' : `FAILED (${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (code !== 0) failed.push({ name, tail });
}
if (failed.length > 0) {
  for (const { name, tail } of failed) {
    console.error(`\n[otboo] ── ${name}: its last ${TAIL_LINES} lines again ──\n${tail.join('\n')}`);
  }
  console.error(`\n[otboo] failed: ${failed.map((f) => f.name).join(', ')}`);
  process.exit(1);
}
console.log('\n[otboo] all suites passed');
