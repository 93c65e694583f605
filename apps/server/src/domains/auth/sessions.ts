import { ko, type JwtDto, type OAuthProvider } from '@otboo/contract';
import type { Db, Executor } from '../../db/client.js';
import type { ClientMeta } from '../../lib/client-meta.js';
import { locked, unauthorized } from '../../lib/errors.js';
import { toUserDto, type UserRow, type Accounts } from '../users/index.js';
import type { AuthRepo } from './auth.repo.js';
import type { SessionEviction } from './session-liveness.js';
import { hashRefreshToken, newRefreshToken, type AccessTokens } from './tokens.js';

type RefreshTokenRow = NonNullable<Awaited<ReturnType<AuthRepo['findRefreshToken']>>>;

/** A signed-in result: the body for the client and the refresh token for its cookie. */
export interface IssuedSession {
  jwt: JwtDto;
  refreshToken: string;
}

export interface SessionsDeps {
  db: Db;
  authRepo: AuthRepo;
  usersRepo: Pick<Accounts, 'providersOf'>;
  accessTokens: AccessTokens;
  /** Makes every instance forget revoked sessions (session-liveness.ts). */
  evict: (eviction: SessionEviction) => void;
  /** How long a session lasts from its sign-in (REFRESH_TOKEN_TTL). */
  refreshTokenTtlMs: number;
  /** How long a just-rotated refresh token may be presented again without ending its session. */
  refreshReuseGraceMs: number;
}

/** Opening, renewing and ending sessions: the refresh tokens and the access tokens they buy. */
export function createSessions({
  db,
  authRepo,
  usersRepo,
  accessTokens,
  evict,
  refreshTokenTtlMs,
  refreshReuseGraceMs,
}: SessionsDeps) {
  async function revokeSession(sessionId: string, reason: string): Promise<void> {
    await authRepo.revokeSession(db, sessionId, reason);
    evict({ sessionId });
  }

  /** The client's body; `providers` when the caller already read them with the user. */
  async function jwtFor(
    user: UserRow,
    sessionId: string,
    providers?: readonly OAuthProvider[],
  ): Promise<JwtDto> {
    const linked = providers ?? (await usersRepo.providersOf(db, [user.id])).get(user.id);
    const accessToken = await accessTokens.sign({ userId: user.id, sessionId, role: user.role });
    return { accessToken, userDto: toUserDto(user, linked) };
  }

  /** A new refresh token in an existing session, next to the ones it already has. */
  async function issueSibling(found: RefreshTokenRow): Promise<IssuedSession> {
    const sibling = newRefreshToken();
    await authRepo.insertRefreshToken(db, {
      sessionId: found.sessionId,
      tokenHash: sibling.hash,
      expiresAt: found.sessionExpiresAt,
    });
    return { jwt: await jwtFor(found.user, found.sessionId, found.providers), refreshToken: sibling.token };
  }

  return {
    /** Opens a session for a user whose credentials were already checked. */
    async openSession(user: UserRow, meta: ClientMeta, viaTemporaryPassword = false): Promise<IssuedSession> {
      if (user.locked) throw locked(ko.auth.accountLocked);
      const expiresAt = new Date(Date.now() + refreshTokenTtlMs);
      const refresh = newRefreshToken();
      const session = await db.transaction(async (tx) => {
        const s = await authRepo.createSession(tx, {
          userId: user.id,
          expiresAt,
          viaTemporaryPassword,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
          ip: meta.ip ?? null,
        });
        await authRepo.insertRefreshToken(tx, { sessionId: s.id, tokenHash: refresh.hash, expiresAt });
        return s;
      });
      return { jwt: await jwtFor(user, session.id), refreshToken: refresh.token };
    },

    /**
     * Rotates a refresh token; a used token presented again normally revokes its whole session (theft
     * detection).
     *
     * Grace window: one browser may send two refreshes with the same cookie at the same moment (two tabs, or
     * two 401s retried in parallel by a client that does not dedupe). Revoking then would sign the user out
     * for using the app normally. So a token presented again within `refreshReuseGraceMs` (10 s) of its
     * rotation gets a fresh sibling token in the same session instead. A thief would have to replay the
     * token within those seconds and would still share a session its owner can end; after the window,
     * reuse revokes the session as before. This is the "reuse interval" of Auth0 and Okta.
     */
    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw unauthorized(ko.auth.refreshMissing, 'RefreshTokenMissingException');
      const now = Date.now();
      const next = newRefreshToken();
      // Rotates in the same round trip when every check below would pass (see AuthRepo.useRefreshToken).
      const found = await authRepo.useRefreshToken(
        db,
        hashRefreshToken(refreshToken),
        next.hash,
        new Date(now),
      );
      const invalid = () => unauthorized(ko.auth.refreshInvalid, 'InvalidRefreshTokenException');
      if (!found) throw invalid();
      if (
        found.sessionRevokedAt ||
        found.expiresAt.getTime() <= now ||
        found.sessionExpiresAt.getTime() <= now
      )
        throw invalid();
      if (found.usedAt) {
        if (now - found.usedAt.getTime() <= refreshReuseGraceMs && !found.user.locked) {
          return issueSibling(found);
        }
        await revokeSession(found.sessionId, 'refresh-token-reuse');
        throw invalid();
      }
      if (found.user.locked) throw unauthorized(ko.auth.accountLocked, 'AccountLockedException');
      // Lost the race to a concurrent use of the same token: that use happened just now, inside the window.
      if (!found.rotated) return issueSibling(found);
      return { jwt: await jwtFor(found.user, found.sessionId, found.providers), refreshToken: next.token };
    },

    /** Revokes the session of a refresh token; unknown tokens are ignored (sign-out always succeeds). */
    async signOut(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const found = await authRepo.findRefreshToken(db, hashRefreshToken(refreshToken));
      if (found) await revokeSession(found.sessionId, 'sign-out');
    },

    /** Revokes a user's sessions (all, or all but one) and makes every instance forget them at once. */
    async endSessions(userId: string, reason: string, keepSessionId?: string): Promise<void> {
      if (keepSessionId) await authRepo.revokeOtherSessions(db, userId, keepSessionId, reason);
      else await authRepo.revokeUserSessions(db, userId, reason);
      evict({ userId });
    },

    /**
     * Ends every session of a user; pass the transaction that changes the user, and call `sessionsChanged`
     * once it has committed.
     */
    revokeUserSessions(userId: string, reason: string, executor: Executor = db) {
      return authRepo.revokeUserSessions(executor, userId, reason);
    },

    /** A user's sessions, lock or role changed (committed): no instance may go on trusting what it remembers. */
    sessionsChanged(userId: string): void {
      evict({ userId });
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
