export { createAuthModule, type AuthApi } from './auth.module.js';
// For the benchmarks, which sign their own users in: sessions and tokens are made the way sign-in makes them.
export { createAccessTokens, newRefreshToken } from './tokens.js';
