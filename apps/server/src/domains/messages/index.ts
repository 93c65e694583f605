export { createMessagesModule } from './messages.module.js';
