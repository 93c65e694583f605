export { createPushModule, type PushTuning } from './push.module.js';
