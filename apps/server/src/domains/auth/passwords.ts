import type { FastifyBaseLogger } from 'fastify';
import { LIMITS, ko } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Actor } from '../../lib/actor.js';
import type { ClientMeta } from '../../lib/client-meta.js';
import { badRequest, locked, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { randomPassword } from '../../lib/random-passwords.js';
import type { Accounts } from '../users/index.js';
import type { AuthRepo } from './auth.repo.js';
import { isRecentlyProven } from './recent-proof.js';
import { sessionExpired, type SessionEviction } from './session-liveness.js';
import type { IssuedSession, Sessions } from './sessions.js';
import type { SignInFailures } from './sign-in-failures.js';

/** ≈ 57 bits: plenty for a password that lives 3 minutes behind a failure limit. */
const TEMPORARY_PASSWORD_LENGTH = 10;

export interface PasswordsDeps {
  db: Db;
  authRepo: AuthRepo;
  usersRepo: Pick<Accounts, 'findByEmail' | 'findById' | 'setPasswordHash'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  failures: SignInFailures;
  sessions: Pick<Sessions, 'openSession'>;
  evict: (eviction: SessionEviction) => void;
}

/** Signing in with a password, the temporary password of 'forgot password', and changing the password. */
export function createPasswords({
  db,
  authRepo,
  usersRepo,
  mailer,
  log,
  failures,
  sessions,
  evict,
}: PasswordsDeps) {
  const pendingMails = new Set<Promise<void>>();

  /** Sign-in with the user's temporary password: true once, the use consumes it. */
  async function useTemporaryPassword(userId: string, password: string): Promise<boolean> {
    const temporaryHash = await authRepo.liveTemporaryPassword(db, userId);
    if (!temporaryHash || !(await verifyPassword(temporaryHash, password))) return false;
    return authRepo.consumeTemporaryPassword(db, userId, temporaryHash);
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
    /**
     * E-mail and password sign-in; a live temporary password works once (it is consumed, its session is
     * flagged) and the real password keeps working until a new one is set. Wrong credentials are 401. Failures
     * are counted per (e-mail, client address): from SIGN_IN_MAX_FAILURES failures in 15 minutes on, that pair
     * waits a doubling delay (429 with Retry-After, nothing checked meanwhile), so a stranger elsewhere never
     * keeps the owner out. A locked account is 423, told only to someone who knows a password.
     */
    async signIn(username: string, password: string, meta: ClientMeta): Promise<IssuedSession> {
      const pair = { email: username.trim().toLowerCase(), ip: meta.ip ?? '' };
      await failures.awaitTurn(pair);
      const user = await usersRepo.findByEmail(db, pair.email);
      let viaTemporaryPassword = false;
      let ok = await verifyPassword(user?.passwordHash, password);
      if (!ok && user) ok = viaTemporaryPassword = await useTemporaryPassword(user.id, password);
      if (!user || !ok) {
        await failures.record(pair);
        throw unauthorized(ko.auth.badCredentials, 'BadCredentialsException');
      }
      if (user.locked) throw locked(ko.auth.accountLocked);
      await failures.clear(pair);
      return sessions.openSession(user, meta, viaTemporaryPassword);
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
        if (!user) throw sessionExpired();
        const pair = { email: user.email.toLowerCase(), ip: meta.ip ?? '' };
        await failures.awaitTurn(pair);
        if (!(await verifyPassword(user.passwordHash, change.currentPassword))) {
          await failures.record(pair);
          throw badRequest(
            ko.auth.currentPasswordWrong,
            { currentPassword: ko.auth.currentPasswordWrong },
            'InvalidCurrentPasswordException',
          );
        }
        await failures.clear(pair);
      } else if (!(await isRecentlyProven(db, authRepo, actor, true))) {
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

    /** Waits for mails still being sent, then closes the mailer (graceful shutdown). */
    async drain(): Promise<void> {
      await Promise.all([...pendingMails]);
      await mailer.close();
    },
  };
}
