import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  appSecrets,
  refreshTokens,
  sessions,
  signInFailures,
  temporaryPasswords,
  users,
} from '../../db/schema/index.js';
import { runPrepared } from '../../lib/prepared.js';
import { linkedProviders } from '../users/users.repo.js';

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
      return row!;
    },
    async insertRefreshToken(
      db: Executor,
      values: { sessionId: string; tokenHash: string; expiresAt: Date },
    ) {
      await db.insert(refreshTokens).values(values);
    },
    /** Session, its user's state and role, for the per-request access check (every API call: prepared). */
    async sessionState(db: Executor, sessionId: string) {
      const [row] = await runPrepared(
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
          .where(eq(sessions.id, sessionId))
          .limit(1),
      );
      return row;
    },
    async findRefreshToken(db: Executor, tokenHash: string) {
      const [row] = await runPrepared(
        db
          .select({
            id: refreshTokens.id,
            sessionId: refreshTokens.sessionId,
            expiresAt: refreshTokens.expiresAt,
            usedAt: refreshTokens.usedAt,
            sessionRevokedAt: sessions.revokedAt,
            sessionExpiresAt: sessions.expiresAt,
            viaTemporaryPassword: sessions.viaTemporaryPassword,
            user: users,
            providers: linkedProviders(),
          })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .limit(1),
      );
      return row;
    },
    /**
     * Rotation in one atomic statement: marks the token used (only if unused), adds its successor to the same
     * session and touches the session. False when another request used the token first.
     */
    async rotateRefreshToken(
      db: Executor,
      usedId: string,
      next: { tokenHash: string; expiresAt: Date },
    ): Promise<boolean> {
      const now = new Date().toISOString();
      const result = (await db.execute(sql`
        with used as (
          update ${refreshTokens} set used_at = ${now}::timestamptz
          where ${refreshTokens.id} = ${usedId} and ${refreshTokens.usedAt} is null
          returning ${refreshTokens.sessionId} as session_id
        ), touched as (
          update ${sessions} set last_used_at = ${now}::timestamptz where ${sessions.id} in (select session_id from used)
        )
        insert into ${refreshTokens} (session_id, token_hash, expires_at)
        select session_id, ${next.tokenHash}, ${next.expiresAt.toISOString()}::timestamptz from used
        returning 1 as rotated`)) as unknown as { rows: unknown[] };
      return result.rows.length === 1;
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
    async deleteTemporaryPassword(db: Executor, userId: string) {
      await db.delete(temporaryPasswords).where(eq(temporaryPasswords.userId, userId));
    },
    /** Failed sign-ins of an e-mail in its current window (0 once the window has passed). Database clock. */
    async recentFailures(db: Executor, email: string, windowMs: number): Promise<number> {
      const [row] = await db
        .select({ failures: signInFailures.failures })
        .from(signInFailures)
        .where(
          and(eq(signInFailures.email, email), gt(signInFailures.windowStartedAt, windowStart(windowMs))),
        )
        .limit(1);
      return row?.failures ?? 0;
    },
    /** Counts a failed sign-in; a window that has passed starts over at 1. One row per e-mail, any instance. */
    async recordFailure(db: Executor, email: string, windowMs: number) {
      const expired = sql`${signInFailures.windowStartedAt} <= ${windowStart(windowMs)}`;
      await db
        .insert(signInFailures)
        .values({ email, failures: 1 })
        .onConflictDoUpdate({
          target: signInFailures.email,
          set: {
            failures: sql`case when ${expired} then 1 else ${signInFailures.failures} + 1 end`,
            windowStartedAt: sql`case when ${expired} then now() else ${signInFailures.windowStartedAt} end`,
          },
        });
    },
    async clearFailures(db: Executor, email: string) {
      await db.delete(signInFailures).where(eq(signInFailures.email, email));
    },
    /** Drops windows that have passed, so probing many e-mails does not grow the table for good. */
    async purgeExpiredFailures(db: Executor, windowMs: number) {
      await db.delete(signInFailures).where(lte(signInFailures.windowStartedAt, windowStart(windowMs)));
    },
    /** Returns the stored secret, creating it with `candidate` if none exists (first instance wins). */
    async ensureSecret(db: Executor, name: string, candidate: string): Promise<string> {
      await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
      const [row] = await db
        .select({ value: appSecrets.value })
        .from(appSecrets)
        .where(eq(appSecrets.name, name));
      return row!.value;
    },
  };
}
/** Start of a window ending now, by the database clock (shared by every instance). */
function windowStart(windowMs: number) {
  return sql`now() - make_interval(secs => ${windowMs / 1000})`;
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
