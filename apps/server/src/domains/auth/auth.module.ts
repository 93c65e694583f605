import { LIMITS } from '@otboo/contract';
import { createMailer } from '../../adapters/mailer/create-mailer.js';
import { createPageFetcher } from '../../adapters/page-fetcher/page-fetcher.js';
import type { Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { AccountSessions, Accounts } from '../users/index.js';
import { createAuthRepo } from './auth.repo.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService, type AuthService } from './auth.service.js';
import { createOAuthRepo } from './oauth/oauth.repo.js';
import { oauthRoutes, socialLinksRoutes } from './oauth/oauth.routes.js';
import { createOAuthService } from './oauth/oauth.service.js';

export interface AuthModuleDeps extends ModuleDeps {
  /**
   * The users module's accounts, asked for when a request needs them: users is built after auth (it takes
   * `AccountSessions` from auth's api, and the session guard every stream uses comes before it), so auth holds a
   * getter instead of the object.
   */
  accounts: () => Accounts;
}

/** What other modules and the app use of auth. */
export interface AuthApi extends AccountSessions {
  /** The per-request access check (the auth plugin, STOMP CONNECT). */
  verifyAccessToken: AuthService['verifyAccessToken'];
  /** Whether a session still stands (the session guard of open streams). */
  isSessionLive: AuthService['isSessionLive'];
}

/** Accounts through a getter, method by method, so the module can be built before the users module. */
function lateAccounts(accounts: () => Accounts): Accounts {
  return {
    findByEmail: (...a) => accounts().findByEmail(...a),
    findById: (...a) => accounts().findById(...a),
    insertWithProfile: (...a) => accounts().insertWithProfile(...a),
    providersOf: (...a) => accounts().providersOf(...a),
    setPasswordHash: (...a) => accounts().setPasswordHash(...a),
  };
}

/**
 * Sign-in: sessions, tokens and passwords (mail for temporary ones), and social sign-in and linking. Accounts
 * are the users domain's; auth reads and creates them through its `accounts`, and users reaches sessions through
 * auth's api.
 */
export async function createAuthModule({
  db,
  log,
  config,
  bus,
  storage,
  pages,
  accounts,
}: AuthModuleDeps): Promise<Module<AuthApi>> {
  const authRepo = createAuthRepo();
  const usersRepo = lateAccounts(accounts);
  const auth = await createAuthService({
    db,
    config,
    authRepo,
    usersRepo,
    mailer: createMailer(config.mail, log),
    bus,
    log,
  });
  const oauth = await createOAuthService({
    db,
    config,
    auth,
    authRepo,
    usersRepo,
    repo: createOAuthRepo(),
    storage,
    // Every address checked, bounded in time and size.
    images: createPageFetcher({ ...pages, maxImageBytes: LIMITS.profileImageMaxBytes }),
    log,
  });
  /**
   * `/api/auth`; the browser navigations of docs/api.md §3 (`/oauth2/authorization/:provider`,
   * `/login/oauth2/code/:provider`); and `POST /api/users/:userId/social-links/:provider` (linking from settings).
   */
  const routes: Routes = async (app) => {
    await app.register(authRoutes, { prefix: '/api/auth', auth, config });
    await app.register(oauthRoutes, { oauth, config });
    await app.register(socialLinksRoutes, { prefix: '/api/users', oauth, config });
  };
  const api: AuthApi = {
    verifyAccessToken: auth.verifyAccessToken,
    isSessionLive: auth.isSessionLive,
    revokeUserSessions: auth.revokeUserSessions,
    sessionsChanged: auth.sessionsChanged,
    changePassword: auth.changePassword,
  };
  // After the app has closed: mails still being sent, and the bus subscriptions.
  return { api, routes, lifecycle: { close: auth.drain } };
}
