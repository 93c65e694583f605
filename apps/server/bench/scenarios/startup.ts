import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_DIR, scratchDataDir, scratchPostgres, startBuiltServer } from '../support/servers.js';
import { timingRow, type BenchRow, type Scenario } from '../support/types.js';

const RESTARTS = 5;
const dist = (file: string) => pathToFileURL(path.join(SERVER_DIR, 'dist', file)).href;

/**
 * Where a restart's time goes, measured in a fresh process on the same DATA_DIR: Node's own start plus loading
 * the app's module graph (performance.now() counts from process start), opening PGlite, checking migrations.
 */
function startupParts(dataDir: string): { modules: number; open: number; migrate: number } {
  const code = `
    const { buildApp } = await import(${JSON.stringify(dist('app.js'))});
    const modules = performance.now();
    const { openDatabase } = await import(${JSON.stringify(dist('db/client.js'))});
    const { migrateDatabase } = await import(${JSON.stringify(dist('db/migrate.js'))});
    const database = await openDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(path.join(dataDir, 'pglite'))} });
    const open = performance.now();
    await migrateDatabase(database);
    const migrate = performance.now();
    await database.close();
    void buildApp;
    console.log(JSON.stringify({ modules, open: open - modules, migrate: migrate - open }));`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: SERVER_DIR, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
  return JSON.parse(res.stdout.trim().split('\n').pop()!);
}

export const scenarios: Scenario[] = [
  {
    name: 'startup',
    description: 'node dist/server.js until its first HTTP answer: first start and restarts',
    async run(ctx) {
      const rows: BenchRow[] = [];
      const data = await scratchDataDir();
      try {
        const first = await startBuiltServer({ dataDir: data.dir });
        await first.stop();
        rows.push(
          timingRow('startup: first start, empty DATA_DIR', [first.startupMs], {
            database: 'pglite',
            notes: 'initdb, migrations, bootstrap admin (argon2)',
          }),
        );
        const restarts: number[] = [];
        for (let i = 0; i < RESTARTS; i++) {
          const s = await startBuiltServer({ dataDir: data.dir });
          restarts.push(s.startupMs);
          await s.stop();
        }
        rows.push(timingRow('startup: restart, existing DATA_DIR', restarts, { database: 'pglite', targetMs: 1500 }));

        const parts = [0, 1, 2].map(() => startupParts(data.dir));
        rows.push(
          timingRow('  part: node + app modules loaded', parts.map((p) => p.modules), { database: 'pglite' }),
          timingRow('  part: PGlite open (existing)', parts.map((p) => p.open), { database: 'pglite' }),
          timingRow('  part: migrations check', parts.map((p) => p.migrate), { database: 'pglite' }),
        );
      } finally {
        await data.remove();
      }

      if (ctx.databases.includes('postgres')) {
        const database = await scratchPostgres();
        const pgData = await scratchDataDir();
        try {
          const samples: number[] = [];
          for (let i = 0; i < 3; i++) {
            const s = await startBuiltServer({ dataDir: pgData.dir, databaseUrl: database.url });
            samples.push(s.startupMs);
            await s.stop();
          }
          rows.push(timingRow('startup: first start, then restarts', samples, { database: 'postgres', notes: 'first sample migrates' }));
        } finally {
          await database.drop();
          await pgData.remove();
        }
      }
      return rows;
    },
  },
];
