export { createAuthModule, type AuthApi } from './auth.module.js';
