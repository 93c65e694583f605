import type { FastifyBaseLogger } from 'fastify';
import { LIMITS, ko, type JwtDto, type OAuthProvider } from '@otboo/contract';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { jwtSecret } from '../../db/app-secrets.js';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Actor } from '../../lib/actor.js';
import { BUS_CHANNELS, type EventBus } from '../../realtime/event-bus.js';
import { badRequest, locked, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { toUserDto, type Accounts, type UserRow } from '../users/index.js';
import type { AuthRepo, FailurePair } from './auth.repo.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { ClientMeta } from '../../lib/client-meta.js';
import { randomPassword } from '../../lib/random-passwords.js';
import { createSessionCache, type SessionState } from './session-cache.js';
import { createAccessTokens, hashRefreshToken, newRefreshToken } from './tokens.js';

type RefreshTokenRow = NonNullable<Awaited<ReturnType<AuthRepo['findRefreshToken']>>>;

/** A signed-in result: the body for the client and the refresh token for its cookie. */
export interface IssuedSession {
  jwt: JwtDto;
  refreshToken: string;
}

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  authRepo: AuthRepo;
  usersRepo: Accounts;
  mailer: Mailer;
  /** Carries session evictions to the other instances. */
  bus: EventBus;
  log: FastifyBaseLogger;
  /** How long a just-rotated refresh token may be presented again without ending its session (default 10 s). */
  refreshReuseGraceMs?: number;
}

/** SIGN_IN_MAX_FAILURES counts failures per (e-mail, address) in this window (docs/configuration.md). */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * Past the limit, a pair waits this long after its next failure, doubling with each further one up to the cap.
 * The cap stays well under the window, so even someone sharing the stranger's address waits minutes, not the
 * whole window.
 */
export const SIGN_IN_DELAY_BASE_MS = 5_000;
export const SIGN_IN_DELAY_MAX_MS = 5 * 60_000;
/**
 * A session this young may change the password or link a social account without the current password: the
 * user has just proven who they are. Older sessions must prove it again, so a stolen access token is not enough.
 */
export const FRESH_SIGN_IN_MS = 10 * 60_000;
const FAILURE_PURGE_INTERVAL_MS = 60_000;
/** ≈ 57 bits: plenty for a password that lives 3 minutes behind a failure limit. */
const TEMPORARY_PASSWORD_LENGTH = 10;

/** Session states are remembered this long at most (see session-cache.ts); evictions are immediate. */
const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 50_000;

/** Whether a session state still admits a caller with these claims. */
function admits(state: SessionState | undefined, claims: { userId: string; role: string }): boolean {
  return (
    !!state &&
    state.userId === claims.userId &&
    !state.revokedAt &&
    state.expiresAt.getTime() > Date.now() &&
    !state.locked &&
    state.role === claims.role
  );
}

/** Bus message: sessions to forget, by user or by session id. */
interface SessionEviction {
  userId?: string;
  sessionId?: string;
}

/**
 * Sessions and tokens. An access token names its session; every request checks that session is live and
 * that the user is unlocked with the token's role, so lock, role change and sign-out take effect at once.
 */
export async function createAuthService({
  db,
  config,
  authRepo,
  usersRepo,
  mailer,
  bus,
  log,
  refreshReuseGraceMs = 10_000,
}: AuthServiceDeps) {
  const secret = await jwtSecret(db, config.jwtSecret);
  const accessTokens = createAccessTokens(secret, config.accessTokenTtlMs);
  const maxFailures = config.rateLimit.signInMaxFailures;
  const pendingMails = new Set<Promise<void>>();
  let lastFailurePurge = 0;
  const sessionCache = createSessionCache({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  });
  const stopEvictions = bus.subscribe(BUS_CHANNELS.session, (payload) => {
    const { userId, sessionId } = (payload ?? {}) as SessionEviction;
    if (typeof userId === 'string') sessionCache.forgetUser(userId);
    if (typeof sessionId === 'string') sessionCache.forgetSession(sessionId);
  });
  // Evictions published while the bus was down are lost: start over from the database.
  const stopReconnects = bus.onReconnect?.(() => sessionCache.clear());

  /** Forgets session states here at once and on every other instance through the bus; call after commit. */
  function evict(eviction: SessionEviction): void {
    if (eviction.userId) sessionCache.forgetUser(eviction.userId);
    if (eviction.sessionId) sessionCache.forgetSession(eviction.sessionId);
    bus
      .publish(BUS_CHANNELS.session, eviction)
      .catch((err: unknown) => log.error({ err }, 'session eviction not published'));
  }

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

  /** Opens a session for a user whose credentials were already checked. */
  async function openSession(
    user: UserRow,
    meta: ClientMeta,
    viaTemporaryPassword = false,
  ): Promise<IssuedSession> {
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

  const failurePolicy = {
    windowMs: SIGN_IN_FAILURE_WINDOW_MS,
    maxFailures,
    baseDelayMs: SIGN_IN_DELAY_BASE_MS,
    maxDelayMs: SIGN_IN_DELAY_MAX_MS,
  };

  /** 429 with Retry-After while the pair waits out its delay; nothing is checked meanwhile. */
  async function awaitTurn(pair: FailurePair) {
    const waitMs = await authRepo.retryDelayMs(db, pair);
    if (waitMs > 0) throw tooManyRequests(ko.auth.tooManyAttempts, Math.ceil(waitMs / 1000));
  }

  async function recordFailure(pair: FailurePair) {
    await authRepo.recordFailure(db, pair, failurePolicy);
    if (Date.now() - lastFailurePurge > FAILURE_PURGE_INTERVAL_MS) {
      lastFailurePurge = Date.now();
      await authRepo.purgeExpiredFailures(db, SIGN_IN_FAILURE_WINDOW_MS);
    }
  }

  /** Sign-in with the user's temporary password: true once, the use consumes it. */
  async function useTemporaryPassword(userId: string, password: string): Promise<boolean> {
    const temporaryHash = await authRepo.liveTemporaryPassword(db, userId);
    if (!temporaryHash || !(await verifyPassword(temporaryHash, password))) return false;
    return authRepo.consumeTemporaryPassword(db, userId, temporaryHash);
  }

  /**
   * Whether the actor may act without its current password: its session is younger than FRESH_SIGN_IN_MS, or
   * (when `temporaryCounts`) it was opened with the temporary password. A revoked session is 401.
   */
  async function isRecentlyProven(actor: Actor, temporaryCounts: boolean): Promise<boolean> {
    const opening = await authRepo.sessionOpening(db, actor.sessionId);
    if (!opening || opening.userId !== actor.userId)
      throw unauthorized(ko.common.sessionExpired, 'SessionExpiredException');
    return (
      (temporaryCounts && opening.viaTemporaryPassword) ||
      Date.now() - opening.createdAt.getTime() <= FRESH_SIGN_IN_MS
    );
  }

  /** Revokes a user's sessions (all, or all but one) and makes every instance forget them at once. */
  async function endSessions(userId: string, reason: string, keepSessionId?: string): Promise<void> {
    if (keepSessionId) await authRepo.revokeOtherSessions(db, userId, keepSessionId, reason);
    else await authRepo.revokeUserSessions(db, userId, reason);
    evict({ userId });
  }

  /** Sends after the response: an SMTP round trip must not tell callers which e-mails exist. */
  function sendInBackground(to: string, subject: string, text: string) {
    const sending = mailer
      .send({ to, subject, text })
      .catch((err: unknown) => log.error({ err: (err as Error).message, subject }, 'could not send a mail'))
      .finally(() => pendingMails.delete(sending));
    pendingMails.add(sending);
  }

  return {
    openSession,

    /**
     * E-mail and password sign-in; a live temporary password works once (it is consumed, its session is
     * flagged) and the real password keeps working until a new one is set. Wrong credentials are 401. Failures
     * are counted per (e-mail, client address): from SIGN_IN_MAX_FAILURES failures in 15 minutes on, that pair
     * waits a doubling delay (429 with Retry-After, nothing checked meanwhile), so a stranger elsewhere never
     * keeps the owner out. A locked account is 423, told only to someone who knows a password.
     */
    async signIn(username: string, password: string, meta: ClientMeta): Promise<IssuedSession> {
      const pair = { email: username.trim().toLowerCase(), ip: meta.ip ?? '' };
      await awaitTurn(pair);
      const user = await usersRepo.findByEmail(db, pair.email);
      let viaTemporaryPassword = false;
      let ok = await verifyPassword(user?.passwordHash, password);
      if (!ok && user) ok = viaTemporaryPassword = await useTemporaryPassword(user.id, password);
      if (!user || !ok) {
        await recordFailure(pair);
        throw unauthorized(ko.auth.badCredentials, 'BadCredentialsException');
      }
      if (user.locked) throw locked(ko.auth.accountLocked);
      await authRepo.clearFailures(db, pair);
      return openSession(user, meta, viaTemporaryPassword);
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

    /**
     * Forgot password: stores a temporary password valid for 3 minutes and mails it. The caller learns
     * nothing: the same work (one argon2 hash) is done for unknown e-mails and the mail leaves after the
     * answer. Locked accounts get no mail (they could not sign in with it anyway).
     */
    async resetPassword(email: string): Promise<void> {
      const user = await usersRepo.findByEmail(db, email);
      const temporary = randomPassword(TEMPORARY_PASSWORD_LENGTH);
      const passwordHash = await hashPassword(temporary);
      if (!user || user.locked) return;
      const minutes = LIMITS.temporaryPasswordSeconds / 60;
      await authRepo.putTemporaryPassword(db, {
        userId: user.id,
        passwordHash,
        expiresAt: new Date(Date.now() + LIMITS.temporaryPasswordSeconds * 1000),
      });
      sendInBackground(
        user.email,
        ko.auth.temporaryMailSubject,
        ko.auth.temporaryMailBody(temporary, minutes),
      );
    },

    /**
     * Sets a new password, ends the temporary one and signs out every other device of the user; the session
     * that asked stays signed in. Proof first: the current password when given (a wrong one counts as a failed
     * sign-in of this address), else a session opened with the temporary password or less than
     * FRESH_SIGN_IN_MS ago.
     */
    async changePassword(
      actor: Actor,
      change: { password: string; currentPassword?: string | undefined },
      meta: ClientMeta,
    ): Promise<void> {
      if (change.currentPassword !== undefined) {
        const user = await usersRepo.findById(db, actor.userId);
        if (!user) throw unauthorized(ko.common.sessionExpired, 'SessionExpiredException');
        const pair = { email: user.email.toLowerCase(), ip: meta.ip ?? '' };
        await awaitTurn(pair);
        if (!(await verifyPassword(user.passwordHash, change.currentPassword))) {
          await recordFailure(pair);
          throw badRequest(
            ko.auth.currentPasswordWrong,
            { currentPassword: ko.auth.currentPasswordWrong },
            'InvalidCurrentPasswordException',
          );
        }
        await authRepo.clearFailures(db, pair);
      } else if (!(await isRecentlyProven(actor, true))) {
        throw badRequest(
          ko.auth.currentPasswordRequired,
          { currentPassword: ko.auth.currentPasswordRequired },
          'CurrentPasswordRequiredException',
        );
      }
      const passwordHash = await hashPassword(change.password);
      await db.transaction(async (tx) => {
        await usersRepo.setPasswordHash(tx, actor.userId, passwordHash);
        await authRepo.deleteTemporaryPassword(tx, actor.userId);
        await authRepo.clearTemporaryFlag(tx, actor.sessionId);
        await authRepo.revokeOtherSessions(tx, actor.userId, actor.sessionId, 'password-changed');
      });
      evict({ userId: actor.userId });
    },

    /** Whether the actor signed in less than FRESH_SIGN_IN_MS ago (linking a social account asks this). */
    signedInRecently(actor: Actor): Promise<boolean> {
      return isRecentlyProven(actor, false);
    },

    /** A social account was linked: the user's other sessions end (all of them when `keepSessionId` is unset). */
    endSessions,

    /** Access token → actor, checked against the live session and user on every call. */
    async verifyAccessToken(token: string): Promise<Actor> {
      const claims = await accessTokens.verify(token);
      if (!claims) throw unauthorized(ko.auth.tokenInvalid, 'InvalidTokenException');
      let state = sessionCache.get(claims.sessionId);
      if (!state) {
        const loadEpoch = sessionCache.epoch();
        state = await authRepo.sessionState(db, claims.sessionId);
        if (state) sessionCache.remember(claims.sessionId, state, loadEpoch);
      }
      if (!admits(state, claims)) throw unauthorized(ko.common.sessionExpired, 'SessionExpiredException');
      return { userId: claims.userId, role: claims.role, sessionId: claims.sessionId };
    },

    /**
     * Whether an actor verified earlier is still live: same checks as `verifyAccessToken`, read from the
     * database past the cache. For connections that outlive the request that opened them (STOMP, SSE).
     */
    async isSessionLive(actor: Actor): Promise<boolean> {
      return admits(await authRepo.sessionState(db, actor.sessionId), actor);
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

    /** Waits for mails still being sent (graceful shutdown). */
    async drain(): Promise<void> {
      stopEvictions();
      stopReconnects?.();
      await Promise.all([...pendingMails]);
      await mailer.close();
    },
  };
}
export type AuthService = Awaited<ReturnType<typeof createAuthService>>;
