export { authRoutes } from './auth.routes.js';
export { createAuthService, type AuthService } from './auth.service.js';
export { createAuthRepo } from './auth.repo.js';
export { oauthRoutes, socialLinksRoutes } from './oauth/oauth.routes.js';
export { createOAuthService, type OAuthService } from './oauth/oauth.service.js';
export { createOAuthRepo } from './oauth/oauth.repo.js';
