import type { ModuleDeps, Routes } from '../../lib/modules.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { NotificationMarks, Notifier } from '../notifications/index.js';
import { createMessagesRepo } from './messages.repo.js';
import { messagesRoutes } from './messages.routes.js';
import { createMessagesService } from './messages.service.js';
import { directMessageDestinations } from './messages.stomp.js';

export interface MessagesModuleDeps extends ModuleDeps {
  /** Carries each message to the instances its receiver's connections are on. */
  bus: EventBus;
  notifier: Notifier & NotificationMarks;
}

/** Direct messages: history and conversations over HTTP; sending and live delivery over STOMP. */
export function createMessagesModule(deps: MessagesModuleDeps) {
  const messages = createMessagesService({ ...deps, repo: createMessagesRepo() });
  const routes: Routes = async (app) => {
    await app.register(messagesRoutes, { messages });
  };
  return {
    messages,
    /** Who may subscribe where and what a SEND does, for the STOMP broker (realtime/realtime-plugin.ts). */
    destinations: directMessageDestinations(messages),
    routes,
  };
}
