import type { Actor } from '../../lib/actor.js';
import type { Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { SseOptions } from '../../realtime/sse.js';
import { createNotificationsRepo } from './notifications.repo.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService, createNotifier } from './notifications.service.js';
import { createNotificationStream, type NotificationStream } from './notifications.stream.js';
import { sseRoutes } from './sse.routes.js';

export interface NotificationsModuleDeps extends ModuleDeps {
  /** Called once an SSE stream is registered: false when its session ended meanwhile (realtime/session-guard.ts). */
  admit(actor: Actor): Promise<boolean>;
  sse: SseOptions;
}

/** What other modules and the realtime plugin use of notifications. */
export interface NotificationsApi {
  /** What every other domain publishes through (and push listens to). */
  notifier: ReturnType<typeof createNotifier>;
  /** The open SSE streams, watched and closed by realtime/realtime-plugin.ts. */
  stream: NotificationStream;
}

/**
 * Notifications: the notifier every other domain publishes through, the list (`/api/notifications`), and the SSE
 * streams (`/api/sse`).
 */
export async function createNotificationsModule({
  db,
  log,
  bus,
  admit,
  sse,
}: NotificationsModuleDeps): Promise<Module<NotificationsApi>> {
  const repo = createNotificationsRepo();
  const notifications = createNotificationsService({ db, repo });
  const stream = createNotificationStream({ db, bus, repo, log, admit });
  const routes: Routes = async (app) => {
    await app.register(notificationsRoutes, { prefix: '/api/notifications', notifications });
    await app.register(sseRoutes, { prefix: '/api/sse', stream, sse });
  };
  return { api: { notifier: createNotifier({ bus, repo }), stream }, routes, lifecycle: {} };
}
