export { messagesRoutes } from './messages.routes.js';
export { createMessagesService, type MessagesService } from './messages.service.js';
export { createMessagesRepo } from './messages.repo.js';
export { directMessageDestinations } from './messages.stomp.js';
