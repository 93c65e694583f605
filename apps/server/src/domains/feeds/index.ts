export { createFeedsModule, type FeedsApi } from './feeds.module.js';
