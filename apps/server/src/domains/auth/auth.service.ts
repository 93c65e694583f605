import { randomBytes } from 'node:crypto';
import { ko, type JwtDto } from '@otboo/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { locked, unauthorized } from '../../lib/errors.js';
import type { UsersRepo } from '../users/users.repo.js';
import { toUserDto, type UserRow } from '../users/users.mapper.js';
import type { AuthRepo } from './auth.repo.js';
import { verifyPassword } from './passwords.js';
import { createAccessTokens, hashRefreshToken, newRefreshToken } from './tokens.js';

export interface ClientMeta {
  userAgent?: string | null;
  ip?: string | null;
}

/** A signed-in result: the body for the client and the refresh token for its cookie. */
export interface IssuedSession {
  jwt: JwtDto;
  refreshToken: string;
}

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  authRepo: AuthRepo;
  usersRepo: UsersRepo;
}

/**
 * Sessions and tokens. An access token names its session; every request checks that session is live and
 * that the user is unlocked with the token's role, so lock, role change and sign-out take effect at once.
 */
export async function createAuthService({ db, config, authRepo, usersRepo }: AuthServiceDeps) {
  const secret = config.jwtSecret ?? (await authRepo.ensureSecret(db, 'jwt', randomBytes(48).toString('base64url')));
  const accessTokens = createAccessTokens(secret, config.accessTokenTtlMs);

  async function jwtFor(user: UserRow, sessionId: string): Promise<JwtDto> {
    const providers = await usersRepo.providersOf(db, [user.id]);
    const accessToken = await accessTokens.sign({ userId: user.id, sessionId, role: user.role });
    return { accessToken, userDto: toUserDto(user, providers.get(user.id)) };
  }

  /** Opens a session for a user whose credentials were already checked. */
  async function openSession(user: UserRow, meta: ClientMeta, viaTemporaryPassword = false): Promise<IssuedSession> {
    if (user.locked) throw locked(ko.auth.accountLocked);
    const expiresAt = new Date(Date.now() + config.refreshTokenTtlMs);
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
  }

  return {
    openSession,

    /** E-mail and password sign-in. Wrong credentials are 401, a locked account 423 (after the password). */
    async signIn(email: string, password: string, meta: ClientMeta): Promise<IssuedSession> {
      const user = await usersRepo.findByEmail(db, email.trim());
      const ok = await verifyPassword(user?.passwordHash, password);
      if (!user || !ok) throw unauthorized(ko.auth.badCredentials, 'BadCredentialsException');
      return openSession(user, meta);
    },

    /** Rotates a refresh token. A token presented twice revokes its whole session (theft detection). */
    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw unauthorized(ko.auth.refreshMissing, 'RefreshTokenMissingException');
      const found = await authRepo.findRefreshToken(db, hashRefreshToken(refreshToken));
      const invalid = () => unauthorized(ko.auth.refreshInvalid, 'InvalidRefreshTokenException');
      if (!found) throw invalid();
      if (found.usedAt) {
        await authRepo.revokeSession(db, found.sessionId, 'refresh-token-reuse');
        throw invalid();
      }
      const now = Date.now();
      if (found.sessionRevokedAt || found.expiresAt.getTime() <= now || found.sessionExpiresAt.getTime() <= now) throw invalid();
      if (found.user.locked) throw unauthorized(ko.auth.accountLocked, 'AccountLockedException');
      const next = newRefreshToken();
      const rotated = await db.transaction(async (tx) => {
        if (!(await authRepo.markRefreshTokenUsed(tx, found.id))) return false;
        await authRepo.insertRefreshToken(tx, { sessionId: found.sessionId, tokenHash: next.hash, expiresAt: found.sessionExpiresAt });
        await authRepo.touchSession(tx, found.sessionId);
        return true;
      });
      if (!rotated) {
        // Lost the race against another use of the same token: that is a reuse too.
        await authRepo.revokeSession(db, found.sessionId, 'refresh-token-reuse');
        throw invalid();
      }
      return { jwt: await jwtFor(found.user, found.sessionId), refreshToken: next.token };
    },

    /** Revokes the session of a refresh token; unknown tokens are ignored (sign-out always succeeds). */
    async signOut(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const found = await authRepo.findRefreshToken(db, hashRefreshToken(refreshToken));
      if (found) await authRepo.revokeSession(db, found.sessionId, 'sign-out');
    },

    /** Access token → actor, checked against the live session and user on every call. */
    async verifyAccessToken(token: string): Promise<Actor> {
      const claims = await accessTokens.verify(token);
      if (!claims) throw unauthorized(ko.auth.tokenInvalid, 'InvalidTokenException');
      const state = await authRepo.sessionState(db, claims.sessionId);
      if (
        !state ||
        state.userId !== claims.userId ||
        state.revokedAt ||
        state.expiresAt.getTime() <= Date.now() ||
        state.locked ||
        state.role !== claims.role
      ) {
        throw unauthorized(ko.common.sessionExpired, 'SessionExpiredException');
      }
      return { userId: claims.userId, role: claims.role, sessionId: claims.sessionId };
    },

    /** Ends every session of a user at once. */
    revokeUserSessions(userId: string, reason: string) {
      return authRepo.revokeUserSessions(db, userId, reason);
    },
  };
}
export type AuthService = Awaited<ReturnType<typeof createAuthService>>;
