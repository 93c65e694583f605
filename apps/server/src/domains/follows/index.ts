export { createFollowsModule } from './follows.module.js';
