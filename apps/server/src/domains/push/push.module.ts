import type { NotificationDto } from '@otboo/contract';
import { createPushEndpointGuard, type PushEndpointGuardOptions } from '../../adapters/push/push-endpoint.js';
import { createPushTransport } from '../../adapters/push/push-transport.js';
import { ensureAppSecret } from '../../db/app-secrets.js';
import type { Lifecycle, Module, ModuleDeps, Routes } from '../../lib/modules.js';
import { createPushDispatcher, type PushStats } from './push-dispatcher.js';
import { createPushRepo } from './push.repo.js';
import { pushRoutes } from './push.routes.js';
import { createPushService } from './push.service.js';
import { loadVapidKeys } from './vapid-keys.js';

/** Tests: a resolver without the network, short timeouts and retries, a small queue. */
export interface PushTuning {
  resolver?: PushEndpointGuardOptions['resolver'];
  timeoutMs?: number;
  retryBaseMs?: number;
  queueLimit?: number;
}

/** What a job or a benchmark uses of push. */
export interface PushApi {
  /** The queue of pushes to devices: resolves once it is empty (the fan-out benchmark times a notification). */
  idle(): Promise<void>;
  /** What is queued and in flight now, and what was sent, failed, retried, removed and dropped since start. */
  stats(): PushStats;
}

export interface PushModuleDeps extends ModuleDeps {
  /** Every notification published, on its way to the receiver's devices (the notifier's hook). */
  notifications: { onPublished(listener: (dtos: readonly NotificationDto[]) => void): void };
  tuning?: PushTuning | undefined;
}

/**
 * Web Push (docs/api.md §9.2, `/api/push`): the VAPID key (configured, or generated once and kept in the database like the
 * JWT secret) and the user's devices. Every published notification is also queued for the receiver's devices;
 * the queue drains in the background and never holds a request up.
 */
export async function createPushModule({
  db,
  log,
  config: { push: config },
  notifications,
  tuning = {},
}: PushModuleDeps): Promise<Module<PushApi>> {
  const vapid = await loadVapidKeys(config.vapid, (candidate) => ensureAppSecret(db, 'vapid', candidate));
  const guard = createPushEndpointGuard({
    allowPrivate: config.allowPrivate,
    ...(tuning.resolver ? { resolver: tuning.resolver } : {}),
  });
  const repo = createPushRepo();
  const dispatcher = createPushDispatcher({
    db,
    repo,
    vapid,
    transport: createPushTransport({ guard, timeoutMs: tuning.timeoutMs }),
    log,
    retryBaseMs: tuning.retryBaseMs,
    queueLimit: tuning.queueLimit,
  });
  notifications.onPublished(dispatcher.enqueue);
  const push = createPushService({ db, repo, vapid, guard, log });
  const routes: Routes = async (app) => {
    await app.register(pushRoutes, { prefix: '/api/push', push });
  };
  // What is still queued at close is dropped: push is best effort, the notification itself is stored.
  const lifecycle: Lifecycle = { stop: dispatcher.close };
  return { api: { idle: dispatcher.idle, stats: dispatcher.stats }, routes, lifecycle };
}
