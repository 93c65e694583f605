import { randomUUID } from 'node:crypto';
import { refreshTokens, sessions, users } from '../../src/db/schema/index.js';
import { newRefreshToken } from '../../src/domains/auth/index.js';
import { csrfKeyFrom, csrfTokenFor } from '../../src/plugins/csrf.js';
import { runLoad } from '../support/load.js';
import { benchTarget, startBuiltServer, withDatabase } from '../support/servers.js';
import type { BenchRow, Scenario } from '../support/types.js';

/** More refresh tokens than a 10 s run can use on this machine; each request spends one. */
const POOL = 40_000;
const CHUNK = 4_000;
/** The server's JWT secret, so each refresh cookie's CSRF token (bound to it) can be made here. */
const JWT_SECRET = 'bench-auth-secret-0123456789abcdef0123456789';
const CSRF_KEY = csrfKeyFrom(JWT_SECRET);

export const scenarios: Scenario[] = [
  {
    name: 'auth.refresh',
    description: `POST /api/auth/refresh, every request with its own session's fresh cookie (pool of ${POOL.toLocaleString('en-US')})`,
    async run(ctx) {
      const rows: BenchRow[] = [];
      for (const kind of ctx.databases) {
        const target = await benchTarget(kind);
        try {
          const tokens: { refresh: string; csrf: string }[] = [];
          await withDatabase(target, async ({ db }) => {
            const [user] = await db
              .insert(users)
              .values({ email: `refresh.${randomUUID()}@otboo.bench`, name: 'refresh', passwordHash: null })
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
              tokens.push(
                ...batch.map((b) => ({
                  refresh: b.refresh.token,
                  csrf: csrfTokenFor(CSRF_KEY, b.refresh.token),
                })),
              );
            }
          });
          ctx.log(`${kind}: ${tokens.length} sessions seeded`);
          const server = await startBuiltServer({ ...target, env: { JWT_SECRET } });
          try {
            let next = 0;
            rows.push({
              ...(await runLoad({
                name: 'POST /api/auth/refresh (rotation)',
                url: `${server.url}/api/auth/refresh`,
                method: 'POST',
                connections: ctx.connections,
                durationSeconds: ctx.durationSeconds,
                nextRequest: () => {
                  const token = tokens[next++];
                  return token
                    ? {
                        headers: {
                          cookie: `REFRESH_TOKEN=${token.refresh}; XSRF-TOKEN=${token.csrf}`,
                          'x-xsrf-token': token.csrf,
                        },
                      }
                    : null;
                },
              })),
              database: kind,
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
