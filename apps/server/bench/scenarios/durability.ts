/**
 * Durability benchmarks (`npm run bench -- durability --db=pglite` at the repository root; see bench/run.ts): what it
 * costs that the embedded database flushes each commit to the disk (PGLITE_FSYNC, default true; README, "Durability").
 *
 * - `durability.commit`: one-row INSERTs committed one after another in this process, with fsync on and off: the
 *   disk's flush time per commit, nothing else.
 * - `durability.refresh`: POST /api/auth/refresh (one write transaction per request) under `--connections` for
 *   `--duration` seconds against the built server, PGLITE_FSYNC unset (durable) and `false`.
 *
 * Embedded database only: PostgreSQL's durability is its own server's configuration.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { openDatabase } from '../../src/db/client.js';
import { refreshTokens, sessions, users } from '../../src/db/schema/index.js';
import { newRefreshToken } from '../../src/domains/auth/tokens.js';
import { runLoad } from '../support/load.js';
import { benchTarget, scratchDataDir, startBuiltServer, withDatabase } from '../support/servers.js';
import { timingRow, type BenchRow, type Scenario } from '../support/types.js';

const COMMITS = 200;
/** More refresh tokens than a 10 s run can use on this machine; each request spends one. */
const POOL = 20_000;
const CHUNK = 4_000;
const CSRF = 'bench-csrf-token-0123456789';
const MODES = [
  { label: 'fsync on (default)', env: {} },
  { label: 'PGLITE_FSYNC=false', env: { PGLITE_FSYNC: 'false' } },
] as const;

async function commitTimes(fsync: boolean): Promise<number[]> {
  const data = await scratchDataDir();
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(data.dir, 'pglite'), fsync });
  try {
    const pglite = database.pglite!;
    await pglite.exec(
      'create table bench_commit (id int primary key, at timestamptz not null default now())',
    );
    const times: number[] = [];
    for (let i = 0; i < COMMITS; i++) {
      const t = performance.now();
      await pglite.query('insert into bench_commit (id) values ($1)', [i]);
      times.push(performance.now() - t);
    }
    return times;
  } finally {
    await database.close();
    await data.remove();
  }
}

/** `POOL` sessions of one user with their refresh tokens, written straight into the database. */
async function seedRefreshTokens(target: { dataDir: string }): Promise<string[]> {
  const tokens: string[] = [];
  await withDatabase(target, async ({ db }) => {
    const [user] = await db
      .insert(users)
      .values({ email: `durable.${randomUUID()}@otboo.bench`, name: 'durable', passwordHash: null })
      .returning();
    const expiresAt = new Date(Date.now() + 86_400_000);
    for (let start = 0; start < POOL; start += CHUNK) {
      const batch = Array.from({ length: Math.min(CHUNK, POOL - start) }, () => ({
        id: randomUUID(),
        refresh: newRefreshToken(),
      }));
      await db.insert(sessions).values(batch.map((b) => ({ id: b.id, userId: user!.id, expiresAt })));
      await db
        .insert(refreshTokens)
        .values(batch.map((b) => ({ sessionId: b.id, tokenHash: b.refresh.hash, expiresAt })));
      tokens.push(...batch.map((b) => b.refresh.token));
    }
  });
  return tokens;
}

export const scenarios: Scenario[] = [
  {
    name: 'durability.commit',
    description: `${COMMITS} one-row commits one after another, embedded database with fsync on and off`,
    async run(ctx) {
      if (!ctx.databases.includes('pglite')) return [];
      const rows: BenchRow[] = [];
      for (const fsync of [true, false]) {
        const times = await commitTimes(fsync);
        const total = times.reduce((a, b) => a + b, 0);
        rows.push(
          timingRow(`one-row INSERT commit, ${fsync ? 'fsync on (default)' : 'PGLITE_FSYNC=false'}`, times, {
            database: 'pglite',
            notes: `${Math.round((COMMITS * 1000) / total)} commits/s`,
          }),
        );
      }
      return rows;
    },
  },
  {
    name: 'durability.refresh',
    description:
      'POST /api/auth/refresh (one write transaction each), embedded database with fsync on and off',
    async run(ctx) {
      if (!ctx.databases.includes('pglite')) return [];
      const rows: BenchRow[] = [];
      for (const mode of MODES) {
        const target = await benchTarget('pglite');
        try {
          const tokens = await seedRefreshTokens(target);
          const server = await startBuiltServer({ dataDir: target.dataDir, env: mode.env });
          try {
            let next = 0;
            rows.push({
              ...(await runLoad({
                name: `POST /api/auth/refresh (rotation), ${mode.label}`,
                url: `${server.url}/api/auth/refresh`,
                method: 'POST',
                connections: ctx.connections,
                durationSeconds: ctx.durationSeconds,
                headers: { 'x-xsrf-token': CSRF },
                nextRequest: () => {
                  const token = tokens[next++];
                  return token ? { headers: { cookie: `REFRESH_TOKEN=${token}; XSRF-TOKEN=${CSRF}` } } : null;
                },
              })),
              database: 'pglite',
            });
          } finally {
            await server.stop();
          }
        } finally {
          await target.cleanup();
        }
      }
      return rows;
    },
  },
];
