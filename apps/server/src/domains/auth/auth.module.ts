import { LIMITS } from '@otboo/contract';
import type { Config } from '../../config.js';
import { createMailer } from '../../adapters/mailer/create-mailer.js';
import { createPageFetcher, type PageFetcherOptions } from '../../adapters/page-fetcher/page-fetcher.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { ModuleDeps, Routes } from '../../lib/modules.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { createUsersRepo } from '../users/index.js';
import { createAuthRepo } from './auth.repo.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createOAuthRepo } from './oauth/oauth.repo.js';
import { oauthRoutes, socialLinksRoutes } from './oauth/oauth.routes.js';
import { createOAuthService } from './oauth/oauth.service.js';

export interface AuthModuleDeps extends ModuleDeps {
  config: Config;
  /** Carries session evictions to the other instances. */
  bus: EventBus;
  /** Where provider avatars are kept. */
  storage: Storage;
  /** Provider avatars are fetched like imported pages (tests keep every connection on loopback). */
  pages: Pick<PageFetcherOptions, 'allowPrivate' | 'connect'>;
}

/**
 * Sign-in: sessions, tokens and passwords (mail for temporary ones), and social sign-in and linking. Accounts
 * are the users domain's; auth reads them through its repo, and users reaches sessions through `auth`.
 */
export async function createAuthModule({ db, log, config, bus, storage, pages }: AuthModuleDeps) {
  const authRepo = createAuthRepo();
  const usersRepo = createUsersRepo();
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
  const routes: Routes = async (app) => {
    await app.register(authRoutes, { auth, config });
  };
  /** Browser navigations of docs/api.md §3: /oauth2/authorization/:provider, /login/oauth2/code/:provider. */
  const oauthNavigations: Routes = async (app) => {
    await app.register(oauthRoutes, { oauth, config });
  };
  /** `POST /:userId/social-links/:provider` under `/api/users`: linking a social account from settings. */
  const socialLinks: Routes = async (app) => {
    await app.register(socialLinksRoutes, { oauth, config });
  };
  return { auth, oauth, routes, oauthNavigations, socialLinks };
}
