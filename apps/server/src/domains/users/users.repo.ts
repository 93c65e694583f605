import { eq, inArray, sql } from 'drizzle-orm';
import type { OAuthProvider } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { profiles, socialAccounts, users } from '../../db/schema/index.js';
import type { UserRow } from './users.mapper.js';

export function createUsersRepo() {
  return {
    async findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
      return row;
    },
    async findById(db: Executor, id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** Inserts a user with an empty profile; null when the e-mail is taken (unique index). */
    async insertWithProfile(
      db: Executor,
      values: { email: string; name: string; passwordHash: string | null; role?: 'USER' | 'ADMIN' },
    ): Promise<UserRow | null> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      if (!row) return null;
      await db.insert(profiles).values({ userId: row.id });
      return row;
    },
    /** Linked social providers per user id. */
    async providersOf(db: Executor, userIds: readonly string[]): Promise<Map<string, OAuthProvider[]>> {
      const map = new Map<string, OAuthProvider[]>();
      if (userIds.length === 0) return map;
      const rows = await db
        .select({ userId: socialAccounts.userId, provider: socialAccounts.provider })
        .from(socialAccounts)
        .where(inArray(socialAccounts.userId, [...userIds]));
      for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.provider]);
      return map;
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
