export { pushRoutes } from './push.routes.js';
export { createPushService, type PushService } from './push.service.js';
export { createPushRepo, type PushRepo } from './push.repo.js';
export { createPushDispatcher, type PushDispatcher, type PushStats } from './push-dispatcher.js';
export { loadVapidKeys, type VapidKeys } from './vapid-keys.js';
