import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { jwtSecret } from '../../db/app-secrets.js';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Actor } from '../../lib/actor.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { Accounts } from '../users/index.js';
import type { AuthRepo } from './auth.repo.js';
import { createPasswords } from './passwords.js';
import { isRecentlyProven } from './recent-proof.js';
import { createSessionLiveness } from './session-liveness.js';
import { createSessions } from './sessions.js';
import { createSignInFailures } from './sign-in-failures.js';
import { createAccessTokens } from './tokens.js';

export type { IssuedSession } from './sessions.js';
export { FRESH_SIGN_IN_MS } from './recent-proof.js';
export {
  SIGN_IN_DELAY_BASE_MS,
  SIGN_IN_DELAY_MAX_MS,
  SIGN_IN_FAILURE_WINDOW_MS,
} from './sign-in-failures.js';

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

/**
 * Sessions and tokens. An access token names its session; every request checks that session is live and
 * that the user is unlocked with the token's role, so lock, role change and sign-out take effect at once.
 * The jobs live apart: session liveness, sessions, sign-in failures and passwords; this only wires them.
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
  const liveness = createSessionLiveness({ db, authRepo, accessTokens, bus, log });
  const { evict } = liveness;
  const sessions = createSessions({
    db,
    authRepo,
    usersRepo,
    accessTokens,
    evict,
    refreshTokenTtlMs: config.refreshTokenTtlMs,
    refreshReuseGraceMs,
  });
  const failures = createSignInFailures({
    db,
    authRepo,
    maxFailures: config.rateLimit.signInMaxFailures,
  });
  const passwords = createPasswords({ db, authRepo, usersRepo, mailer, log, failures, sessions, evict });

  return {
    openSession: sessions.openSession,
    signIn: passwords.signIn,
    refresh: sessions.refresh,
    signOut: sessions.signOut,
    resetPassword: passwords.resetPassword,
    changePassword: passwords.changePassword,

    /** Whether the actor signed in less than FRESH_SIGN_IN_MS ago (linking a social account asks this). */
    signedInRecently(actor: Actor): Promise<boolean> {
      return isRecentlyProven(db, authRepo, actor, false);
    },

    /** A social account was linked: the user's other sessions end (all of them when `keepSessionId` is unset). */
    endSessions: sessions.endSessions,
    verifyAccessToken: liveness.verifyAccessToken,
    isSessionLive: liveness.isSessionLive,
    revokeUserSessions: sessions.revokeUserSessions,
    sessionsChanged: sessions.sessionsChanged,

    /** Waits for mails still being sent (graceful shutdown). */
    async drain(): Promise<void> {
      liveness.stop();
      await passwords.drain();
    },
  };
}
export type AuthService = Awaited<ReturnType<typeof createAuthService>>;
