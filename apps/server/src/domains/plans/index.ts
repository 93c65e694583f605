export { createPlansModule } from './plans.module.js';
