export { createPlansModule, type PlansApi } from './plans.module.js';
