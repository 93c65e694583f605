import type { Actor } from '../../lib/actor.js';
import type { ModuleDeps, Routes } from '../../lib/modules.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { SseOptions } from '../../realtime/sse.js';
import { createNotificationsRepo } from './notifications.repo.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService, createNotifier } from './notifications.service.js';
import { createNotificationStream } from './notifications.stream.js';
import { sseRoutes as sseStreamRoutes } from './sse.routes.js';

export interface NotificationsModuleDeps extends ModuleDeps {
  bus: EventBus;
  /** Called once an SSE stream is registered: false when its session ended meanwhile (realtime/session-guard.ts). */
  admit(actor: Actor): Promise<boolean>;
  sse: SseOptions;
}

/**
 * Notifications: the notifier every other domain publishes through, the list, and the SSE streams (their
 * connections are watched and closed by realtime/realtime-plugin.ts).
 */
export function createNotificationsModule({ db, log, bus, admit, sse }: NotificationsModuleDeps) {
  const repo = createNotificationsRepo();
  const notifications = createNotificationsService({ db, repo });
  const stream = createNotificationStream({ db, bus, repo, log, admit });
  const routes: Routes = async (app) => {
    await app.register(notificationsRoutes, { notifications });
  };
  const sseRoutes: Routes = async (app) => {
    await app.register(sseStreamRoutes, { stream, sse });
  };
  return { notifier: createNotifier({ bus, repo }), notifications, stream, routes, sseRoutes };
}
