// `npm test`: every suite. The server suites run once, on PostgreSQL: TEST_DATABASE_URL, else the local server at
// 127.0.0.1:5432 when it answers, else an embedded PostgreSQL server the test setup starts (apps/server/test/support).
import { ensureBuilt, ensureInstalled, npm, runKeepingTail } from './lib.mjs';

ensureInstalled();
ensureBuilt();

// Steps in one group run at once, each printed whole when it ends: the static checks are single-threaded, so two
// share this 2-core machine's time; the suites use both cores and run one after another.
const groups = [
  [
    ['typecheck', [npm, ['run', 'typecheck']]],
    ['lint', [npm, ['run', 'lint']]],
  ],
  [
    ['format', [npm, ['run', 'format:check']]],
    ['cycles', [npm, ['run', 'cycles']]],
    ['contract', [npm, ['test', '-w', '@otboo/contract', '--', '--passWithNoTests']]],
  ],
  [['server', [npm, ['test', '-w', '@otboo/server']]]],
  [['web', [npm, ['test', '-w', '@otboo/web', '--', '--passWithNoTests']]]],
  // The built app's first-paint JS+CSS per screen against its budget (apps/web/scripts/check-bundle-budget.mjs).
  [['budget', [npm, ['run', 'budget', '-w', '@otboo/web']]]],
  [['e2e', [npm, ['test', '-w', '@otboo/e2e']]]],
];

// A failed step's last lines are printed again at the very end: CI keeps only the tail of the whole output, and
// the failing test's name and error would otherwise be buried under the later suites.
const TAIL_LINES = 120;
const only = process.argv.slice(2);
const failed = [];
const runStarted = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
for (const group of groups) {
  const steps = group.filter(([name]) => only.length === 0 || only.includes(name));
  const alone = steps.length === 1;
  await Promise.all(
    steps.map(async ([name, [cmd, args]]) => {
      if (alone) console.log(`\n[otboo] ── ${name} ──`);
      const started = Date.now();
      const { code, tail, output } = await runKeepingTail(cmd, args, TAIL_LINES, { buffered: !alone });
      if (!alone) console.log(`\n[otboo] ── ${name} ──\n${output}`);
      console.log(`[otboo] ${name}: ${code === 0 ? 'ok' : `FAILED (${code})`} in ${seconds(started)} s`);
      if (code !== 0) failed.push({ name, tail });
    }),
  );
}
console.log(`\n[otboo] every step: ${seconds(runStarted)} s`);
if (failed.length > 0) {
  for (const { name, tail } of failed) {
    console.error(`\n[otboo] ── ${name}: its last ${TAIL_LINES} lines again ──\n${tail.join('\n')}`);
  }
  console.error(`\n[otboo] failed: ${failed.map((f) => f.name).join(', ')}`);
  process.exit(1);
}
console.log('\n[otboo] all suites passed');
