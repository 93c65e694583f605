import { setMaxListeners } from 'node:events';
import type { NotificationDto } from '@otboo/contract';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/client.js';
import {
  PushTransportError,
  type PushResponse,
  type PushTransport,
} from '../../adapters/push/push-transport.js';
import { isPushWanted, pushPayloadOf, pushTtlOf, pushUrgencyOf, pushUrlOf } from './push-message.js';
import type { PushRepo, PushTarget } from './push.repo.js';
import type { VapidKeys } from './vapid-keys.js';

/**
 * Sends every published notification to the receiver's devices as Web Push (docs/api.md §9.2), off the request
 * path: `enqueue` only appends to a bounded in-memory queue (a full queue drops, with a log line) and one
 * background loop drains it. Each batch of notifications costs one query (devices, kinds, settings): it reads
 * only devices whose session is live and deletes the receivers' others; sends run a bounded number at a time.
 * 404/410 removes the subscription; 429, 5xx, timeouts and network errors are tried again after a growing pause
 * (or the service's Retry-After), at most three times; anything else is logged and dropped. What is still queued
 * when the process stops is lost: push is best effort, the notification itself is stored and replayed over SSE.
 */

export interface PushDispatcherOptions {
  db: Db;
  repo: PushRepo;
  vapid: VapidKeys;
  transport: PushTransport;
  log: FastifyBaseLogger;
  /** Notifications waiting at most; beyond it new ones are dropped (default 10,000). */
  queueLimit?: number;
  /** Sends in flight at most (default 32). */
  concurrency?: number;
  /** First pause before a retry; doubled each time (default 1 s). */
  retryBaseMs?: number;
  /** The longest pause, whatever Retry-After says (default 60 s). */
  retryMaxMs?: number;
}

export interface PushStats {
  queued: number;
  inFlight: number;
  sent: number;
  failed: number;
  retried: number;
  removed: number;
  dropped: number;
}

/** Notifications read per query. */
const BATCH = 200;
export const MAX_RETRIES = 3;

/** A VAPID token is valid this long (RFC 8292 allows up to 24 h)… */
const VAPID_TOKEN_SECONDS = 12 * 3600;
/** …and is signed again after this long, so one never reaches a push service close to its expiry. */
const VAPID_REUSE_MS = 3_600_000;

/**
 * The `Authorization: vapid t=…, k=…` header per push service origin (the token's `aud`), signed by web-push
 * once an hour instead of for every push: signing dominates the cost of a fan-out otherwise.
 */
function createVapidHeaderCache(vapid: VapidKeys, now: () => number = Date.now) {
  const byOrigin = new Map<string, { header: string; until: number }>();
  return (endpoint: string): { Authorization: string } => {
    const origin = new URL(endpoint).origin;
    const t = now();
    let cached = byOrigin.get(origin);
    if (!cached || cached.until <= t) {
      const { Authorization } = webpush.getVapidHeaders(
        origin,
        vapid.subject,
        vapid.publicKey,
        vapid.privateKey,
        'aes128gcm',
        Math.floor(t / 1000) + VAPID_TOKEN_SECONDS,
      );
      cached = { header: Authorization, until: t + VAPID_REUSE_MS };
      // Push services are few (FCM, Mozilla, Apple, Microsoft…); the map stays small, but never unbounded.
      if (byOrigin.size >= 100) byOrigin.clear();
      byOrigin.set(origin, cached);
    }
    return { Authorization: cached.header };
  };
}

interface Delivery {
  target: PushTarget;
  dto: NotificationDto;
  attempt: number;
}

export function createPushDispatcher(options: PushDispatcherOptions) {
  const { db, repo, vapid, transport, log } = options;
  const queueLimit = options.queueLimit ?? 10_000;
  const concurrency = options.concurrency ?? 32;
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const retryMaxMs = options.retryMaxMs ?? 60_000;
  const vapidHeaders = createVapidHeaderCache(vapid);

  let queue: NotificationDto[] = [];
  let head = 0;
  let draining: Promise<void> | undefined;
  let closed = false;
  const closing = new AbortController();
  // Every send in flight listens for the shutdown.
  setMaxListeners(0, closing.signal);
  const inFlight = new Set<Promise<void>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let slotWaiters: (() => void)[] = [];
  let idleWaiters: (() => void)[] = [];
  let droppedSinceLog = 0;
  let dropLogTimer: NodeJS.Timeout | undefined;
  const stats = { sent: 0, failed: 0, retried: 0, removed: 0, dropped: 0 };

  const queued = () => queue.length - head;

  function settleIdle() {
    if (queued() === 0 && inFlight.size === 0 && retryTimers.size === 0 && !draining) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  function noteDropped(n: number) {
    stats.dropped += n;
    droppedSinceLog += n;
    // One line per second at most, however fast a broadcast overflows.
    dropLogTimer ??= setTimeout(() => {
      log.warn({ dropped: droppedSinceLog, queueLimit }, 'push queue full; notifications not pushed');
      droppedSinceLog = 0;
      dropLogTimer = undefined;
    }, 1_000).unref();
  }

  function take(n: number): NotificationDto[] {
    const batch = queue.slice(head, head + n);
    head += batch.length;
    // Compact once the consumed part dominates, so the array does not grow for ever.
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    return batch;
  }

  async function slot(): Promise<void> {
    while (inFlight.size >= concurrency && !closed) await new Promise<void>((r) => slotWaiters.push(r));
  }

  function releaseSlot() {
    const waiters = slotWaiters;
    slotWaiters = [];
    for (const w of waiters) w();
  }

  function retryDelay(attempt: number, response?: PushResponse): number {
    const backoff = retryBaseMs * 2 ** attempt;
    return Math.min(retryMaxMs, Math.max(backoff, response?.retryAfterMs ?? 0));
  }

  function scheduleRetry(delivery: Delivery, response?: PushResponse) {
    stats.retried++;
    // The timer stays in `retryTimers` until the retry has a slot, so `idle()` does not resolve in between.
    const timer = setTimeout(
      () => {
        void slot().then(() => {
          retryTimers.delete(timer);
          if (closed) return settleIdle();
          start({ ...delivery, attempt: delivery.attempt + 1 });
        });
      },
      retryDelay(delivery.attempt, response),
    );
    timer.unref();
    retryTimers.add(timer);
  }

  async function sendOnce(delivery: Delivery): Promise<void> {
    const { target, dto } = delivery;
    let details;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        pushPayloadOf(dto, pushUrlOf(dto.target)),
        {
          headers: vapidHeaders(target.endpoint),
          TTL: pushTtlOf(target.kind),
          urgency: pushUrgencyOf(target.kind),
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (err) {
      stats.failed++;
      log.warn(
        { err, subscriptionId: target.subscriptionId },
        'push not encrypted; subscription keys unusable',
      );
      return;
    }
    let response: PushResponse;
    try {
      response = await transport.send(details, closing.signal);
    } catch (err) {
      if (closed) return;
      const kind = err instanceof PushTransportError ? err.kind : 'network';
      if (kind !== 'blocked' && delivery.attempt < MAX_RETRIES) return scheduleRetry(delivery);
      stats.failed++;
      log.warn(
        { err, subscriptionId: target.subscriptionId, attempt: delivery.attempt },
        'push not delivered',
      );
      return;
    }
    const { status } = response;
    if (status >= 200 && status < 300) {
      stats.sent++;
    } else if (status === 404 || status === 410) {
      if (await repo.removeGone(db, target.subscriptionId, target.endpoint)) stats.removed++;
      log.info({ subscriptionId: target.subscriptionId, status }, 'push subscription gone; removed');
    } else if ((status === 429 || status >= 500) && delivery.attempt < MAX_RETRIES) {
      scheduleRetry(delivery, response);
    } else {
      stats.failed++;
      log.warn({ subscriptionId: target.subscriptionId, status, attempt: delivery.attempt }, 'push refused');
    }
  }

  function start(delivery: Delivery) {
    if (closed) return settleIdle();
    const run: Promise<void> = sendOnce(delivery)
      .catch((err: unknown) => {
        stats.failed++;
        log.error({ err }, 'push delivery failed');
      })
      .finally(() => {
        inFlight.delete(run);
        releaseSlot();
        settleIdle();
      });
    inFlight.add(run);
  }

  async function drain(): Promise<void> {
    while (!closed && queued() > 0) {
      const batch = take(BATCH);
      const byId = new Map(batch.map((dto) => [dto.id, dto]));
      let targets: PushTarget[];
      try {
        targets = await repo.targets(db, [...byId.keys()]);
      } catch (err) {
        if (closed) return;
        log.error({ err, notifications: batch.length }, 'push targets not read; notifications not pushed');
        continue;
      }
      for (const target of targets) {
        if (!isPushWanted(target.kind, target.settings)) continue;
        const dto = byId.get(target.notificationId);
        if (!dto) continue;
        await slot();
        if (closed) return;
        start({ target, dto, attempt: 0 });
      }
    }
  }

  function kick() {
    if (draining || closed) return;
    draining = drain()
      .catch((err: unknown) => log.error({ err }, 'push queue drain failed'))
      .finally(() => {
        draining = undefined;
        if (queued() > 0 && !closed) kick();
        else settleIdle();
      });
  }

  return {
    /** Queues notifications for push; never waits, never throws. Called after they were committed. */
    enqueue(dtos: readonly NotificationDto[]): void {
      if (closed || dtos.length === 0) return;
      const room = Math.max(0, queueLimit - queued());
      if (room < dtos.length) noteDropped(dtos.length - room);
      for (const dto of room < dtos.length ? dtos.slice(0, room) : dtos) queue.push(dto);
      kick();
    },

    stats(): PushStats {
      return { queued: queued(), inFlight: inFlight.size, ...stats };
    },

    /** Resolves once nothing is queued, in flight or waiting for a retry (tests, benchmarks). */
    idle(): Promise<void> {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },

    /** Stops: drops what is queued and waiting, aborts sends in flight, waits for them to settle. */
    async close(): Promise<void> {
      closed = true;
      closing.abort();
      for (const t of retryTimers) clearTimeout(t);
      retryTimers.clear();
      if (dropLogTimer) clearTimeout(dropLogTimer);
      releaseSlot();
      queue = [];
      head = 0;
      await draining;
      await Promise.allSettled([...inFlight]);
      transport.close();
      settleIdle();
    },
  };
}
export type PushDispatcher = ReturnType<typeof createPushDispatcher>;
