export { createMessagesModule, type MessagesApi } from './messages.module.js';
