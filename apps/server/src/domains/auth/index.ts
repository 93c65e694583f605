export { authRoutes, sendSession, clearRefreshCookie, clientMeta } from './auth.routes.js';
export { createAuthService, type AuthService, type ClientMeta } from './auth.service.js';
export { createAuthRepo } from './auth.repo.js';
export { hashPassword } from './passwords.js';
export { randomPassword } from './random-passwords.js';
export { oauthRoutes, socialLinksRoutes } from './oauth/oauth.routes.js';
export { createOAuthService, type OAuthService } from './oauth/oauth.service.js';
export { createOAuthRepo } from './oauth/oauth.repo.js';
