import fp from 'fastify-plugin';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { ko } from '@otboo/contract';
import { tooManyRequests } from '../lib/errors.js';
import { createTokenBuckets, type TokenBuckets } from '../lib/token-buckets.js';
import type { DestinationPolicy } from '../realtime/stomp/broker.js';

/** The kinds of write that each have their own budget per user. */
export const WRITE_KINDS = ['message', 'comment', 'like', 'follow', 'clothes', 'feed'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/**
 * The limited HTTP writes: `METHOD url` as Fastify names the route (prefix included, no trailing slash).
 * Unlike and unfollow count with like and follow: toggling is how a flood of notifications would be made.
 * Direct messages arrive over STOMP instead (see `limitSends`).
 */
export const WRITE_ROUTES: Readonly<Record<string, WriteKind>> = {
  'POST /api/feeds': 'feed',
  'PATCH /api/feeds/:feedId': 'feed',
  'POST /api/feeds/:feedId/comments': 'comment',
  'POST /api/feeds/:feedId/like': 'like',
  'DELETE /api/feeds/:feedId/like': 'like',
  'POST /api/follows': 'follow',
  'DELETE /api/follows/:followId': 'follow',
  'POST /api/clothes': 'clothes',
  'PATCH /api/clothes/:clothesId': 'clothes',
  'PATCH /api/clothes/batch': 'clothes',
  'POST /api/clothes/import': 'clothes',
  // '이 옷 빼기' writes a row per (forecast, garment): budgeted like closet edits so the table cannot be flooded.
  'POST /api/recommendations/exclusions': 'clothes',
};

/** Users remembered per kind; one who wrote nothing for `burst / perMinute` minutes has a full bucket anyway. */
const MAX_USERS_PER_KIND = 10_000;

export interface WriteRate {
  burst: number;
  perMinute: number;
}

/**
 * Per-user token buckets, one per kind of write (WRITE_RATE_BURST, WRITE_RATE_PER_MINUTE). Kept in this
 * process's memory: with several instances a user's budget is per instance (docs/security.md).
 */
export function createWriteLimits(rate: WriteRate) {
  const buckets = Object.fromEntries(
    WRITE_KINDS.map((kind) => [kind, createTokenBuckets({ ...rate, maxKeys: MAX_USERS_PER_KIND })]),
  ) as Record<WriteKind, TokenBuckets>;
  return {
    /** Spends one write of `kind` for the user; throws 429 with `retry-after` when the budget is spent. */
    take(kind: WriteKind, userId: string): void {
      const waitMs = buckets[kind].take(userId);
      if (waitMs === 0) return;
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw tooManyRequests(ko.common.tooManyWrites(seconds), seconds);
    },
  };
}
export type WriteLimits = ReturnType<typeof createWriteLimits>;

/**
 * The STOMP side: every SEND spends a `message` write of the connected user before the application sees it,
 * so a refused message is neither stored nor delivered. The broker answers the 429 with an ERROR frame (its
 * `message` header in Korean, `retry-after` in seconds) and closes, as STOMP requires after an ERROR.
 */
export function limitSends(policy: DestinationPolicy, limits: WriteLimits): DestinationPolicy {
  return {
    authorizeSubscribe: (actor, destination) => policy.authorizeSubscribe(actor, destination),
    async handleSend(actor, destination, body) {
      limits.take('message', actor.userId);
      await policy.handleSend(actor, destination, body);
    },
  };
}

/**
 * Puts the write budget in front of the routes of `WRITE_ROUTES`, keyed by the signed-in user (never by an id in
 * the payload). It runs after authentication and before the body is read, so a refused upload is not buffered.
 * Register it before the domain routes; the app refuses to start when a listed route is missing, so a
 * renamed route cannot silently lose its limit.
 */
export default fp(
  async function writeLimitsPlugin(app: FastifyInstance, options: { limits: WriteLimits }) {
    const seen = new Set<string>();
    const hookFor =
      (kind: WriteKind): onRequestHookHandler =>
      async (request) => {
        if (request.actor) options.limits.take(kind, request.actor.userId);
      };
    app.addHook('onRoute', (route) => {
      const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
      for (const method of [route.method].flat()) {
        const key = `${method} ${url}`;
        const kind = WRITE_ROUTES[key];
        if (!kind) continue;
        seen.add(key);
        const existing = route.onRequest ? [route.onRequest].flat() : [];
        route.onRequest = [...existing, hookFor(kind)];
      }
    });
    app.addHook('onReady', async () => {
      const missing = Object.keys(WRITE_ROUTES).filter((key) => !seen.has(key));
      if (missing.length > 0)
        throw new Error(`write limits name routes that do not exist: ${missing.join(', ')}`);
    });
  },
  { name: 'write-limits', dependencies: ['auth'] },
);
