import { and, asc, desc, eq, like, ne, not, sql, type SQL } from 'drizzle-orm';
import type { OAuthProvider, Role, SortDirection } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { profiles, socialAccounts, users } from '../../db/schema/index.js';
import { countedPage } from '../../lib/counted-page.js';
import { afterCursor, likePattern } from '../../lib/cursor.js';
import { runPrepared } from '../../lib/prepared.js';
import { linkedProviders } from '../../db/linked-providers.js';
import type { UserRow } from './users.mapper.js';

export interface UserListFilter {
  emailLike?: string | undefined;
  roleEqual?: Role | undefined;
  locked?: boolean | undefined;
}

export interface UserListPage {
  sortBy: 'email' | 'createdAt';
  sortDirection: SortDirection;
  limit: number;
  cursor?: string | undefined;
  idAfter?: string | undefined;
}

// Any constant, the same in every instance (the migration lock uses 727001).
const ADMIN_BOOTSTRAP_LOCK_KEY = 727_002;

export interface UserWithProviders {
  user: UserRow;
  providers: OAuthProvider[];
}

/**
 * The admin list's conditions. The lock is written as the column itself (or its negation), not compared with a
 * parameter, so the planner can match it to the partial index on locked users (users_locked_created_at_id_idx).
 */
export function listFilter(filter: UserListFilter): SQL | undefined {
  return and(
    // E-mails are stored lower-case (insertWithProfile), so LIKE on the lower-cased term matches regardless of
    // case and costs a quarter of ILIKE (measured over 50,000 users).
    filter.emailLike ? like(users.email, likePattern(filter.emailLike.toLowerCase())) : undefined,
    filter.roleEqual ? eq(users.role, filter.roleEqual) : undefined,
    filter.locked === undefined ? undefined : filter.locked ? sql`${users.locked}` : not(users.locked),
  );
}

export function createUsersRepo() {
  return {
    async findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },
    async findById(db: Executor, id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** Inserts a user with an empty profile, e-mail lower-cased; null when the e-mail is taken (unique index). */
    async insertWithProfile(
      db: Executor,
      values: { email: string; name: string; passwordHash: string | null; role?: 'USER' | 'ADMIN' },
    ): Promise<UserRow | null> {
      const [row] = await db
        .insert(users)
        .values({ ...values, email: values.email.toLowerCase() })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await db.insert(profiles).values({ userId: row.id });
      return row;
    },
    /** Linked social providers per user id. */
    async providersOf(db: Executor, userIds: readonly string[]): Promise<Map<string, OAuthProvider[]>> {
      const map = new Map<string, OAuthProvider[]>();
      if (userIds.length === 0) return map;
      // One array parameter: the statement text, and so its prepared plan, is the same for any number of ids.
      const rows = await runPrepared(
        db
          .select({ userId: socialAccounts.userId, provider: socialAccounts.provider })
          .from(socialAccounts)
          .where(sql`${socialAccounts.userId} = any(${sql.param([...userIds])}::uuid[])`),
      );
      for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.provider]);
      return map;
    },
    async setPasswordHash(db: Executor, userId: string, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },
    /** Sets the role; undefined when the user does not exist or already has it (so only a real change acts). */
    async changeRole(db: Executor, userId: string, role: Role): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ role })
        .where(and(eq(users.id, userId), ne(users.role, role)))
        .returning();
      return row;
    },
    /** Sets the lock; undefined when the user does not exist or is already in that state. */
    async changeLocked(db: Executor, userId: string, locked: boolean): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ locked })
        .where(and(eq(users.id, userId), ne(users.locked, locked)))
        .returning();
      return row;
    },
    async setName(db: Executor, userId: string, name: string) {
      await db.update(users).set({ name }).where(eq(users.id, userId));
    },
    /** Serializes bootstrap-admin creation across instances sharing the database (held until commit). */
    async lockAdminBootstrap(tx: Executor) {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_BOOTSTRAP_LOCK_KEY})`);
    },
    async adminExists(db: Executor): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).limit(1);
      return row !== undefined;
    },
    /**
     * One page of the admin list (limit + 1 rows, keyset after the cursor, providers included) and the count
     * of every match ignoring the cursor, in one statement: the count is an uncorrelated subquery that runs once.
     */
    async list(
      db: Executor,
      filter: UserListFilter,
      page: UserListPage,
    ): Promise<{ rows: UserWithProviders[]; totalCount: number }> {
      const where = listFilter(filter);
      const sortColumn = page.sortBy === 'email' ? users.email : users.createdAt;
      const order = page.sortDirection === 'ASCENDING' ? asc : desc;
      const after = afterCursor(
        sortColumn,
        users.id,
        page.sortDirection,
        page.sortBy === 'email' ? 'text' : 'instant',
        page.cursor,
        page.idAfter,
      );
      const count = sql<number>`(select count(*)::int from ${users}${where ? sql` where ${where}` : sql``})`;
      const { rows, total } = await countedPage(
        db
          .select({ user: users, providers: linkedProviders(), total: count })
          .from(users)
          .where(and(where, after))
          .orderBy(order(sortColumn), order(users.id))
          .limit(page.limit + 1)
          .execute(),
        {
          cursor: page.cursor,
          count: async () =>
            (
              await db
                .select({ n: sql<number>`count(*)::int` })
                .from(users)
                .where(where)
            )[0]?.n ?? 0,
        },
      );
      return { rows, totalCount: total };
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
