import { ko } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import { tooManyRequests } from '../../lib/errors.js';
import type { AuthRepo, FailurePair } from './auth.repo.js';

/** SIGN_IN_MAX_FAILURES counts failures per (e-mail, address) in this window (docs/configuration.md). */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * Past the limit, a pair waits this long after its next failure, doubling with each further one up to the cap.
 * The cap stays well under the window, so even someone sharing the stranger's address waits minutes, not the
 * whole window.
 */
export const SIGN_IN_DELAY_BASE_MS = 5_000;
export const SIGN_IN_DELAY_MAX_MS = 5 * 60_000;
const FAILURE_PURGE_INTERVAL_MS = 60_000;

export interface SignInFailuresDeps {
  db: Db;
  authRepo: Pick<AuthRepo, 'retryDelayMs' | 'recordFailure' | 'clearFailures' | 'purgeExpiredFailures'>;
  /** SIGN_IN_MAX_FAILURES: failures in the window before a pair starts to wait. */
  maxFailures: number;
}

/**
 * Wrong passwords counted per (e-mail, client address), so guessing slows down while a stranger elsewhere never
 * keeps the owner out. Every check of a password (sign-in, change) goes through here.
 */
export function createSignInFailures({ db, authRepo, maxFailures }: SignInFailuresDeps) {
  const policy = {
    windowMs: SIGN_IN_FAILURE_WINDOW_MS,
    maxFailures,
    baseDelayMs: SIGN_IN_DELAY_BASE_MS,
    maxDelayMs: SIGN_IN_DELAY_MAX_MS,
  };
  let lastPurge = 0;

  return {
    /** 429 with Retry-After while the pair waits out its delay; nothing is checked meanwhile. */
    async awaitTurn(pair: FailurePair): Promise<void> {
      const waitMs = await authRepo.retryDelayMs(db, pair);
      if (waitMs > 0) throw tooManyRequests(ko.auth.tooManyAttempts, Math.ceil(waitMs / 1000));
    },

    /** Counts a failure; now and then drops the pairs quiet for the window, so the table does not only grow. */
    async record(pair: FailurePair): Promise<void> {
      await authRepo.recordFailure(db, pair, policy);
      if (Date.now() - lastPurge > FAILURE_PURGE_INTERVAL_MS) {
        lastPurge = Date.now();
        await authRepo.purgeExpiredFailures(db, SIGN_IN_FAILURE_WINDOW_MS);
      }
    },

    /** A right password: the pair starts over. */
    async clear(pair: FailurePair): Promise<void> {
      await authRepo.clearFailures(db, pair);
    },
  };
}
export type SignInFailures = ReturnType<typeof createSignInFailures>;
