import type { Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { NotificationMarks, Notifier } from '../notifications/index.js';
import { createMessagesRepo } from './messages.repo.js';
import { messagesRoutes } from './messages.routes.js';
import { createMessagesService, type MessagesService } from './messages.service.js';
import { directMessageDestinations } from './messages.stomp.js';

export interface MessagesModuleDeps extends ModuleDeps {
  notifier: Notifier & NotificationMarks;
}

/** What the realtime plugin uses of direct messages. */
export interface MessagesApi {
  /** Who may subscribe where and what a SEND does, for the STOMP broker (realtime/realtime-plugin.ts). */
  destinations: ReturnType<typeof directMessageDestinations>;
  /** Relays messages from the bus to this instance's subscribers. */
  onBroadcast: MessagesService['onBroadcast'];
}

/**
 * Direct messages: history and conversations over HTTP (`/api/direct-messages`); sending and live delivery over
 * STOMP. The bus carries each message to the instances its receiver's connections are on.
 */
export async function createMessagesModule({
  db,
  log,
  bus,
  notifier,
}: MessagesModuleDeps): Promise<Module<MessagesApi>> {
  const messages = createMessagesService({ db, log, bus, notifier, repo: createMessagesRepo() });
  const routes: Routes = async (app) => {
    await app.register(messagesRoutes, { prefix: '/api/direct-messages', messages });
  };
  const api: MessagesApi = {
    destinations: directMessageDestinations(messages),
    onBroadcast: messages.onBroadcast,
  };
  return { api, routes, lifecycle: {} };
}
