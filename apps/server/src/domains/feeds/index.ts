export { createFeedsModule } from './feeds.module.js';
