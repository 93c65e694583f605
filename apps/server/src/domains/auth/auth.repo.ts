import { and, eq, gt, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ensureAppSecret } from '../../db/app-secrets.js';
import { refreshTokens, sessions, signInFailures, temporaryPasswords, users } from '../../db/schema/index.js';
import { must } from '../../lib/must.js';
import { preparedStatements } from '../../lib/prepared.js';
import { linkedProviders } from '../../db/linked-providers.js';

/** Whose sign-in failures are counted together: one e-mail from one client address. */
export interface FailurePair {
  email: string;
  ip: string;
}

/** How failures of a pair turn into a wait (see `recordFailure`). */
export interface FailurePolicy {
  windowMs: number;
  maxFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

const sessionIdValue = sql.placeholder('sessionId');
const tokenHashValue = sql.placeholder('tokenHash');

/** Session, its user's state and role: the per-request access check, built once (lib/prepared.ts). */
const sessionStateStatement = preparedStatements(
  (db: Executor) =>
    db
      .select({
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        userId: users.id,
        role: users.role,
        locked: users.locked,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionIdValue))
      .limit(1),
  () => '',
);

/** What both refresh-token statements read: the token, its session, its user and the user's linked providers. */
const refreshTokenColumns = () => ({
  id: refreshTokens.id,
  sessionId: refreshTokens.sessionId,
  expiresAt: refreshTokens.expiresAt,
  usedAt: refreshTokens.usedAt,
  sessionRevokedAt: sessions.revokedAt,
  sessionExpiresAt: sessions.expiresAt,
  viaTemporaryPassword: sessions.viaTemporaryPassword,
  user: users,
  providers: linkedProviders(),
});

/**
 * A refresh token by its hash with its session, user and linked providers, built once: building it with Drizzle
 * on every call was 14% of the CPU of `POST /api/auth/refresh` (docs/scaling.md).
 */
const refreshTokenStatement = preparedStatements(
  (db: Executor) =>
    db
      .select(refreshTokenColumns())
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHashValue))
      .limit(1),
  () => '',
);

const nowValue = sql.placeholder('now');

/** `AuthRepo.useRefreshToken`'s statement, built once: the rotation's writes as CTEs before the token's read. */
const useRefreshTokenStatement = preparedStatements(
  (db: Executor) => {
    const used = db.$with('used', { sessionId: sql<string>`session_id` }).as(sql`
      update ${refreshTokens} set used_at = ${nowValue}::timestamptz
      where ${refreshTokens.tokenHash} = ${tokenHashValue}
        and ${refreshTokens.usedAt} is null
        and ${refreshTokens.expiresAt} > ${nowValue}::timestamptz
        and ${refreshTokens.sessionId} in (
          select s.id from ${sessions} s join ${users} u on u.id = s.user_id
          where s.revoked_at is null and s.expires_at > ${nowValue}::timestamptz and not u.locked)
      returning ${refreshTokens.sessionId} as session_id`);
    const touched = db.$with('touched', { id: sql<string>`id` }).as(sql`
      update ${sessions} set last_used_at = ${nowValue}::timestamptz
      where ${sessions.id} in (select session_id from used)
      returning ${sessions.id} as id`);
    const inserted = db.$with('inserted', { id: sql<string>`id` }).as(sql`
      insert into ${refreshTokens} (session_id, token_hash, expires_at)
      select used.session_id, ${sql.placeholder('nextHash')}, s.expires_at
      from used join ${sessions} s on s.id = used.session_id
      returning id`);
    return db
      .with(used, touched, inserted)
      .select({
        ...refreshTokenColumns(),
        rotated: sql<boolean>`exists (select 1 from inserted)`,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHashValue))
      .limit(1);
  },
  () => '',
);

export function createAuthRepo() {
  return {
    async createSession(
      db: Executor,
      values: {
        userId: string;
        expiresAt: Date;
        viaTemporaryPassword?: boolean;
        userAgent?: string | null;
        ip?: string | null;
      },
    ) {
      const [row] = await db.insert(sessions).values(values).returning();
      return must(row, 'INSERT … RETURNING gives back the session row');
    },
    async insertRefreshToken(
      db: Executor,
      values: { sessionId: string; tokenHash: string; expiresAt: Date },
    ) {
      await db.insert(refreshTokens).values(values);
    },
    /** Session, its user's state and role, for the per-request access check (every API call: prepared). */
    async sessionState(db: Executor, sessionId: string) {
      const [row] = await sessionStateStatement(db, undefined, { sessionId });
      return row;
    },
    /** How and when a live session was opened; undefined once it is revoked or expired. */
    async sessionOpening(db: Executor, sessionId: string) {
      const [row] = await db
        .select({
          userId: sessions.userId,
          createdAt: sessions.createdAt,
          viaTemporaryPassword: sessions.viaTemporaryPassword,
        })
        .from(sessions)
        .where(
          and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
        )
        .limit(1);
      return row;
    },
    /** A session that has set a new password no longer counts as opened with the temporary one. */
    async clearTemporaryFlag(db: Executor, sessionId: string) {
      await db.update(sessions).set({ viaTemporaryPassword: false }).where(eq(sessions.id, sessionId));
    },
    async findRefreshToken(db: Executor, tokenHash: string) {
      const [row] = await refreshTokenStatement(db, undefined, { tokenHash });
      return row;
    },
    /**
     * Finds a refresh token (as `findRefreshToken`) and, in the same statement, rotates it when it may be: marks
     * it used (only if unused), adds `nextHash` as its successor in the same session and touches the session.
     * It rotates exactly when the token is unused and unexpired, its session live and its user not locked, as
     * of `now`; `rotated` is false otherwise, and also when a concurrent use of the same token won. The row is
     * as it was before this statement. One round trip instead of a read then a write.
     */
    async useRefreshToken(db: Executor, tokenHash: string, nextHash: string, now: Date) {
      const [row] = await useRefreshTokenStatement(db, undefined, {
        tokenHash,
        nextHash,
        now: now.toISOString(),
      });
      return row;
    },
    async revokeSession(db: Executor, sessionId: string, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
    /** Ends every live session of a user (lock, role change, password change). */
    async revokeUserSessions(db: Executor, userId: string, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
    /** Ends a user's other sessions (password change keeps the device that changed it). */
    async revokeOtherSessions(db: Executor, userId: string, keepSessionId: string, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
    },
    /** Replaces the user's temporary password (one live at a time). */
    async putTemporaryPassword(
      db: Executor,
      values: { userId: string; passwordHash: string; expiresAt: Date },
    ) {
      await db
        .insert(temporaryPasswords)
        .values(values)
        .onConflictDoUpdate({
          target: temporaryPasswords.userId,
          set: { passwordHash: values.passwordHash, expiresAt: values.expiresAt, createdAt: new Date() },
        });
    },
    /** The user's temporary password hash, if one is still live. */
    async liveTemporaryPassword(db: Executor, userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ passwordHash: temporaryPasswords.passwordHash })
        .from(temporaryPasswords)
        .where(and(eq(temporaryPasswords.userId, userId), gt(temporaryPasswords.expiresAt, new Date())))
        .limit(1);
      return row?.passwordHash;
    },
    /**
     * Uses up the user's temporary password with this hash; false when another sign-in used it first or it
     * expired meanwhile (a temporary password opens one session only).
     */
    async consumeTemporaryPassword(db: Executor, userId: string, passwordHash: string): Promise<boolean> {
      const rows = await db
        .delete(temporaryPasswords)
        .where(
          and(
            eq(temporaryPasswords.userId, userId),
            eq(temporaryPasswords.passwordHash, passwordHash),
            gt(temporaryPasswords.expiresAt, new Date()),
          ),
        )
        .returning({ userId: temporaryPasswords.userId });
      return rows.length === 1;
    },
    async deleteTemporaryPassword(db: Executor, userId: string) {
      await db.delete(temporaryPasswords).where(eq(temporaryPasswords.userId, userId));
    },
    /**
     * Milliseconds a pair must still wait before its next attempt is checked (0: go ahead). Database clock, so
     * every instance agrees.
     */
    async retryDelayMs(db: Executor, pair: FailurePair): Promise<number> {
      const [row] = await db
        .select({
          ms: sql<number>`ceil(extract(epoch from (${signInFailures.retryAt} - now())) * 1000)::float8`,
        })
        .from(signInFailures)
        .where(
          and(
            eq(signInFailures.email, pair.email),
            eq(signInFailures.ip, pair.ip),
            gt(signInFailures.retryAt, sql`now()`),
          ),
        )
        .limit(1);
      return row ? Math.max(1, Number(row.ms)) : 0;
    },
    /**
     * Counts a failure of the pair in one statement, any instance: a pair quiet for the window starts over at
     * 1; from the `maxFailures`-th failure on, the pair waits `baseDelayMs × 2^(failures − maxFailures)`, at
     * most `maxDelayMs`.
     */
    async recordFailure(db: Executor, pair: FailurePair, policy: FailurePolicy) {
      const { windowMs, maxFailures, baseDelayMs, maxDelayMs } = policy;
      const stale = sql`${signInFailures.lastFailedAt} <= ${windowStart(windowMs)}`;
      const failures = sql`case when ${stale} then 1 else ${signInFailures.failures} + 1 end`;
      // The exponent is clamped so a long run of failures cannot overflow the arithmetic.
      const delay = (n: SQL) =>
        sql`case when ${n} >= ${maxFailures} then now() + make_interval(secs => least(${baseDelayMs / 1000}::float8 * power(2, least(${n} - ${maxFailures}, 30)), ${maxDelayMs / 1000}::float8)) end`;
      await db
        .insert(signInFailures)
        .values({ ...pair, failures: 1, retryAt: delay(sql`1`) })
        .onConflictDoUpdate({
          target: [signInFailures.email, signInFailures.ip],
          set: { failures, lastFailedAt: sql`now()`, retryAt: delay(failures) },
        });
    },
    async clearFailures(db: Executor, pair: FailurePair) {
      await db
        .delete(signInFailures)
        .where(and(eq(signInFailures.email, pair.email), eq(signInFailures.ip, pair.ip)));
    },
    /** Drops pairs quiet for the window, so probing many e-mails does not grow the table for good. */
    async purgeExpiredFailures(db: Executor, windowMs: number) {
      await db.delete(signInFailures).where(lte(signInFailures.lastFailedAt, windowStart(windowMs)));
    },
    /** Returns the stored secret, creating it with `candidate` if none exists (first instance wins). */
    ensureSecret: ensureAppSecret,
  };
}
/** Start of a window ending now, by the database clock (shared by every instance). */
function windowStart(windowMs: number) {
  return sql`now() - make_interval(secs => ${windowMs / 1000})`;
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
