export { createAuthModule } from './auth.module.js';
