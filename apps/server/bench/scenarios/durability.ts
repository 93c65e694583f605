/**
 * Durability benchmarks (`npm run bench -- durability --db=embedded` at the repository root; see bench/run.ts): what
 * it costs that the embedded PostgreSQL server flushes each commit to the disk (fsync and synchronous_commit on, as
 * PostgreSQL ships; README, "Durability").
 *
 * - `durability.commit`: one-row INSERTs committed one after another from this process: the disk's flush time per
 *   commit plus a loopback round trip.
 * - `durability.refresh`: POST /api/auth/refresh (one write transaction per request) under `--connections` for
 *   `--duration` seconds against the built server.
 *
 * Embedded database only: an external PostgreSQL's durability is its own server's configuration.
 */
import { randomUUID } from 'node:crypto';
import { refreshTokens, sessions, users } from '../../src/db/schema/index.js';
import { newRefreshToken } from '../../src/domains/auth/index.js';
import { runLoad } from '../support/load.js';
import { benchTarget, scratchDataDir, startBuiltServer, withDatabase } from '../support/servers.js';
import { timingRow, type Scenario } from '../support/types.js';

const COMMITS = 200;
/** More refresh tokens than a 10 s run can use on this machine; each request spends one. */
const POOL = 20_000;
const CHUNK = 4_000;
const CSRF = 'bench-csrf-token-0123456789';

async function commitTimes(): Promise<number[]> {
  const data = await scratchDataDir();
  try {
    return await withDatabase({ dataDir: data.dir }, async ({ pool }) => {
      await pool.query(
        'create table bench_commit (id int primary key, at timestamptz not null default now())',
      );
      const client = await pool.connect();
      try {
        const times: number[] = [];
        for (let i = 0; i < COMMITS; i++) {
          const t = performance.now();
          await client.query('insert into bench_commit (id) values ($1)', [i]);
          times.push(performance.now() - t);
        }
        return times;
      } finally {
        client.release();
      }
    });
  } finally {
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
    description: `${COMMITS} one-row commits one after another, embedded PostgreSQL (fsync on)`,
    async run(ctx) {
      if (!ctx.databases.includes('embedded')) return [];
      const times = await commitTimes();
      const total = times.reduce((a, b) => a + b, 0);
      return [
        timingRow('one-row INSERT commit, fsync on', times, {
          database: 'embedded',
          notes: `${Math.round((COMMITS * 1000) / total)} commits/s`,
        }),
      ];
    },
  },
  {
    name: 'durability.refresh',
    description: 'POST /api/auth/refresh (one write transaction each), embedded PostgreSQL (fsync on)',
    async run(ctx) {
      if (!ctx.databases.includes('embedded')) return [];
      const target = await benchTarget('embedded');
      try {
        const tokens = await seedRefreshTokens(target);
        const server = await startBuiltServer({ dataDir: target.dataDir });
        try {
          let next = 0;
          return [
            {
              ...(await runLoad({
                name: 'POST /api/auth/refresh (rotation), fsync on',
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
              database: 'embedded',
            },
          ];
        } finally {
          await server.stop();
        }
      } finally {
        await target.cleanup();
      }
    },
  },
];
