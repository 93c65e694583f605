import { createECDH } from 'node:crypto';
import {
  ko,
  type PushPublicKeyDto,
  type PushSubscriptionDto,
  type PushSubscriptionRequest,
} from '@otboo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { PushEndpointError, type PushEndpointGuard } from '../../adapters/push/push-endpoint.js';
import type { PushRepo } from './push.repo.js';
import type { VapidKeys } from './vapid-keys.js';

/**
 * Devices one user may keep in live sessions; subscribing one more forgets the oldest (bounds what one account
 * can fan out to).
 */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/** A browser's `p256dh`: an uncompressed P-256 point (65 bytes, 0x04 first) on the curve. */
function isP256Point(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 0x04) return false;
  try {
    // Deriving a shared secret checks that the point is on the curve.
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

/** `expirationTime` (ms since the epoch) as a date, or null when absent or not a representable instant. */
function instantOf(ms: number | null | undefined): Date | null {
  if (typeof ms !== 'number') return null;
  const at = new Date(ms);
  return Number.isNaN(at.getTime()) ? null : at;
}

const decodeKey = (text: string) => Buffer.from(text.replace(/=+$/, ''), 'base64url');

function endpointRefused(err: PushEndpointError) {
  const message =
    err.kind === 'not-https'
      ? ko.push.endpointNotHttps
      : err.kind === 'not-public'
        ? ko.push.endpointNotPublic
        : ko.push.endpointInvalid;
  return badRequest(message, { endpoint: message }, 'InvalidPushEndpointException');
}

export function createPushService(deps: {
  db: Db;
  repo: PushRepo;
  vapid: VapidKeys;
  guard: PushEndpointGuard;
  log: FastifyBaseLogger;
}) {
  const { db, repo, vapid, guard, log } = deps;

  const toDto = (row: { id: string; endpoint: string; createdAt: Date }): PushSubscriptionDto => ({
    id: row.id,
    endpoint: row.endpoint,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    publicKey(): PushPublicKeyDto {
      return { publicKey: vapid.publicKey };
    },

    /**
     * Stores the caller's device, or re-binds a known endpoint to the caller: the caller's own (a new session, new
     * keys), or another account's when the keys are the same, i.e. the same browser signed in to another account.
     * Another account's endpoint with other keys is a 409 and stays where it is: knowing a device's URL is not
     * enough to take its pushes away. The device belongs to the caller's session, taken from the token: once that
     * session ends it is no longer pushed to. The keys must be a real P-256 point and a 16-byte secret; the endpoint
     * must pass the guard (https, public) before anything is stored. `created` is false only for an endpoint that
     * was already the caller's (200, not 201), so the answer never tells whether another account had it
     * (docs/security.md). The caller's devices of ended sessions are deleted on the way.
     */
    async subscribe(
      actor: Actor,
      input: PushSubscriptionRequest,
    ): Promise<{ dto: PushSubscriptionDto; created: boolean }> {
      const p256dh = decodeKey(input.keys.p256dh);
      const auth = decodeKey(input.keys.auth);
      if (!isP256Point(p256dh))
        throw badRequest(
          ko.push.invalidKey,
          { 'keys.p256dh': ko.push.invalidKey },
          'InvalidPushKeyException',
        );
      if (auth.length !== 16)
        throw badRequest(ko.push.invalidKey, { 'keys.auth': ko.push.invalidKey }, 'InvalidPushKeyException');
      let endpoint: string;
      try {
        endpoint = (await guard(input.endpoint)).url.toString();
      } catch (err) {
        if (err instanceof PushEndpointError) {
          log.info({ userId: actor.userId, reason: err.message }, 'push endpoint refused');
          throw endpointRefused(err);
        }
        throw err;
      }
      const stored = await db.transaction(async (tx) => {
        const row = await repo.upsert(tx, {
          userId: actor.userId,
          sessionId: actor.sessionId,
          endpoint,
          p256dh: p256dh.toString('base64url'),
          auth: auth.toString('base64url'),
          expiresAt: instantOf(input.expirationTime),
        });
        if (row) await repo.prune(tx, actor.userId, MAX_SUBSCRIPTIONS_PER_USER);
        return row;
      });
      if (!stored) {
        log.info({ userId: actor.userId }, 'push endpoint of another user with other keys refused');
        throw conflict(ko.push.subscriptionConflict, 'PushSubscriptionConflictException');
      }
      return { dto: toDto(stored), created: stored.created };
    },

    /** Removes the caller's own subscription with that endpoint; another user's (or none) is a 404. */
    async unsubscribe(actor: Actor, endpoint: string): Promise<void> {
      const normalized = URL.canParse(endpoint) ? new URL(endpoint).toString() : endpoint;
      if (await repo.removeOwn(db, actor.userId, normalized)) return;
      if (normalized !== endpoint && (await repo.removeOwn(db, actor.userId, endpoint))) return;
      throw notFound(ko.push.subscriptionNotFound, 'PushSubscriptionNotFoundException');
    },

    /** The caller's devices that are pushed to (subscribed in a session that is still live). */
    async list(actor: Actor): Promise<PushSubscriptionDto[]> {
      return (await repo.listOf(db, actor.userId)).map(toDto);
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
