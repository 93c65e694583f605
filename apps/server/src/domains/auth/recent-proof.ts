import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { AuthRepo } from './auth.repo.js';
import { sessionExpired } from './session-liveness.js';

/**
 * A session this young may change the password or link a social account without the current password: the
 * user has just proven who they are. Older sessions must prove it again, so a stolen access token is not enough.
 */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

/**
 * Whether the actor may act without its current password: its session is younger than FRESH_SIGN_IN_MS, or
 * (when `temporaryCounts`) it was opened with the temporary password. A revoked session is 401.
 */
export async function isRecentlyProven(
  db: Db,
  authRepo: Pick<AuthRepo, 'sessionOpening'>,
  actor: Actor,
  temporaryCounts: boolean,
): Promise<boolean> {
  const opening = await authRepo.sessionOpening(db, actor.sessionId);
  if (!opening || opening.userId !== actor.userId) throw sessionExpired();
  return (
    (temporaryCounts && opening.viaTemporaryPassword) ||
    Date.now() - opening.createdAt.getTime() <= FRESH_SIGN_IN_MS
  );
}
