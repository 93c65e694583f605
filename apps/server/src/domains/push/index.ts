export { createPushModule, type PushApi, type PushTuning } from './push.module.js';
