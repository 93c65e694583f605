import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appSecrets, refreshTokens, sessions, users } from '../../db/schema/index.js';

export function createAuthRepo() {
  return {
    async createSession(
      db: Executor,
      values: { userId: string; expiresAt: Date; viaTemporaryPassword?: boolean; userAgent?: string | null; ip?: string | null },
    ) {
      const [row] = await db.insert(sessions).values(values).returning();
      return row!;
    },
    async insertRefreshToken(db: Executor, values: { sessionId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(refreshTokens).values(values);
    },
    /** Session, its user's state and role, for the per-request access check. */
    async sessionState(db: Executor, sessionId: string) {
      const [row] = await db
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
        .limit(1);
      return row;
    },
    async findRefreshToken(db: Executor, tokenHash: string) {
      const [row] = await db
        .select({
          id: refreshTokens.id,
          sessionId: refreshTokens.sessionId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          sessionRevokedAt: sessions.revokedAt,
          sessionExpiresAt: sessions.expiresAt,
          viaTemporaryPassword: sessions.viaTemporaryPassword,
          user: users,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },
    /** Marks a refresh token used; false when another request used it first. */
    async markRefreshTokenUsed(db: Executor, id: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
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
    async touchSession(db: Executor, sessionId: string) {
      await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
    },
    /** Returns the stored secret, creating it with `candidate` if none exists (first instance wins). */
    async ensureSecret(db: Executor, name: string, candidate: string): Promise<string> {
      await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
      const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
      return row!.value;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
