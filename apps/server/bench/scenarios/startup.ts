import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_DIR, scratchDataDir, scratchPostgres, startBuiltServer } from '../support/servers.js';
import { timingRow, type BenchRow, type Scenario } from '../support/types.js';

const RESTARTS = 5;
const dist = (file: string) => pathToFileURL(path.join(SERVER_DIR, 'dist', file)).href;

/**
 * Where a restart's time goes, measured in a fresh process on the same DATA_DIR: Node's own start plus loading
 * the app's module graph (performance.now() counts from process start), starting the embedded PostgreSQL server
 * (and stopping it after), checking migrations.
 */
function startupParts(dataDir: string): { modules: number; open: number; migrate: number } {
  const code = `
    const { buildApp } = await import(${JSON.stringify(dist('app.js'))});
    const modules = performance.now();
    const { openConfiguredDatabase } = await import(${JSON.stringify(dist('db/client.js'))});
    const { migrateDatabase } = await import(${JSON.stringify(dist('db/migrate.js'))});
    const database = await openConfiguredDatabase({ dataDir: ${JSON.stringify(dataDir)} });
    const open = performance.now();
    await migrateDatabase(database);
    const migrate = performance.now();
    await database.close();
    void buildApp;
    console.log(JSON.stringify({ modules, open: open - modules, migrate: migrate - open }));`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: SERVER_DIR,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(res.stderr);
  return JSON.parse(res.stdout.trim().split('\n').pop()!);
}

/** Packages the built server imports statically (not `node:` built-ins, not our contract). */
async function staticPackages(dir = path.join(SERVER_DIR, 'dist')): Promise<Set<string>> {
  const found = new Set<string>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const p of await staticPackages(file)) found.add(p);
    else if (entry.name.endsWith('.js')) {
      for (const m of (await readFile(file, 'utf8')).matchAll(/^import [^;]*?from '([^.'][^']*)'/gm)) {
        const spec = m[1]!;
        if (spec.startsWith('node:') || spec.startsWith('@otboo/')) continue;
        found.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
      }
    }
  }
  return found;
}

/** Import time of each package on its own, in a fresh process: which ones make module loading slow. */
async function heaviestImports(count: number): Promise<string> {
  const times: [string, number][] = [];
  for (const pkg of await staticPackages()) {
    const code = `const t = performance.now(); await import(${JSON.stringify(pkg)}); console.log(performance.now() - t);`;
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: SERVER_DIR,
      encoding: 'utf8',
    });
    if (res.status === 0) times.push([pkg, Number(res.stdout.trim())]);
  }
  times.sort((a, b) => b[1] - a[1]);
  return times
    .slice(0, count)
    .map(([pkg, ms]) => `${pkg} ${Math.round(ms)}`)
    .join(', ');
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
            database: 'embedded',
            targetMs: 3000,
            notes: 'initdb, migrations, bootstrap admin (argon2)',
          }),
        );
        const restarts: number[] = [];
        for (let i = 0; i < RESTARTS; i++) {
          const s = await startBuiltServer({ dataDir: data.dir });
          restarts.push(s.startupMs);
          await s.stop();
        }
        rows.push(
          timingRow('startup: restart, existing DATA_DIR', restarts, {
            database: 'embedded',
            targetMs: 1000,
          }),
        );

        const parts = [0, 1, 2].map(() => startupParts(data.dir));
        rows.push(
          timingRow(
            '  part: node + app modules loaded',
            parts.map((p) => p.modules),
            {
              database: 'embedded',
              notes: `heaviest imports (ms, alone): ${await heaviestImports(6)}`,
            },
          ),
          timingRow(
            '  part: embedded PostgreSQL start (existing)',
            parts.map((p) => p.open),
            { database: 'embedded' },
          ),
          timingRow(
            '  part: migrations check',
            parts.map((p) => p.migrate),
            { database: 'embedded' },
          ),
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
          rows.push(
            timingRow('startup: first start, then restarts', samples, {
              database: 'postgres',
              notes: 'first sample migrates',
            }),
          );
        } finally {
          await database.drop();
          await pgData.remove();
        }
      }
      return rows;
    },
  },
];
