import { sql } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { runLoad } from '../support/load.js';
import { BENCH_ADMIN, benchTarget, signIn, startBuiltServer, withDatabase } from '../support/servers.js';
import type { BenchRow, Scenario } from '../support/types.js';

const USERS = 50_000;

/** Admin list queries: a partial e-mail filter with two equality filters sorted by e-mail, and a lock filter by date. */
const QUERIES = [
  {
    name: 'GET /api/users emailLike+role+locked, email ASC',
    query: 'emailLike=member1&roleEqual=USER&locked=false&sortBy=email&sortDirection=ASCENDING&limit=20',
  },
  {
    name: 'GET /api/users locked=true, createdAt DESC',
    query: 'locked=true&sortBy=createdAt&sortDirection=DESCENDING&limit=20',
  },
];

export const scenarios: Scenario[] = [
  {
    name: 'users.admin-list',
    description: `GET /api/users as ADMIN over ${USERS.toLocaleString('en-US')} users, filtered and sorted`,
    async run(ctx) {
      const rows: BenchRow[] = [];
      for (const kind of ctx.databases) {
        const target = await benchTarget(kind);
        try {
          const adminHash = await hashPassword(BENCH_ADMIN.password);
          await withDatabase(target, async ({ db }) => {
            // One statement: ~1 in 50 ADMIN, 1 in 20 locked, one second apart.
            await db.execute(sql`
              insert into users (email, name, role, locked, created_at)
              select 'member' || g || '@otboo.bench', 'member' || g,
                     case when g % 50 = 0 then 'ADMIN' else 'USER' end, g % 20 = 0,
                     now() - g * interval '1 second'
              from generate_series(1, ${USERS}) g`);
            await db
              .insert(users)
              .values({ email: BENCH_ADMIN.email, name: 'bench', passwordHash: adminHash, role: 'ADMIN' });
            await db.execute(sql`insert into profiles (user_id) select id from users`);
            await db.execute(sql`analyze users`);
          });
          ctx.log(`${kind}: ${USERS} users seeded`);
          const server = await startBuiltServer(target);
          try {
            const { accessToken } = await signIn(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
            for (const q of QUERIES) {
              const url = `${server.url}/api/users?${q.query}`;
              const probe = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
              const page = (await probe.json()) as { totalCount: number; data: unknown[] };
              if (probe.status !== 200 || page.data.length === 0)
                throw new Error(`probe failed: ${probe.status}`);
              rows.push({
                ...(await runLoad({
                  name: q.name,
                  url,
                  connections: ctx.connections,
                  durationSeconds: ctx.durationSeconds,
                  headers: { authorization: `Bearer ${accessToken}` },
                  notes: `totalCount ${page.totalCount.toLocaleString('en-US')}`,
                })),
                database: kind,
              });
            }
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
