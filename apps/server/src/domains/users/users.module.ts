import type { Lifecycle, Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { Notifier } from '../notifications/index.js';
import { createProfilesRepo, sensitivitySql } from './profiles.repo.js';
import type { SQL } from 'drizzle-orm';
import { usersRoutes } from './users.routes.js';
import { createUsersRepo, type UsersRepo } from './users.repo.js';
import { createUsersService, type AccountSessions, type UsersServiceDeps } from './users.service.js';

/**
 * Accounts as the auth domain reads and creates them (sign-in, social sign-up, password change). Each takes the
 * executor so auth can run it inside its own transaction.
 */
export type Accounts = Pick<
  UsersRepo,
  'findByEmail' | 'findById' | 'insertWithProfile' | 'providersOf' | 'setPasswordHash'
>;

export interface UsersModuleDeps extends ModuleDeps {
  /** Sign-in sessions, from the auth module's api (users does not import auth). */
  sessions: AccountSessions;
  notifier: Notifier;
  /** Names a saved profile location (the weather module's resolver). */
  locate: UsersServiceDeps['locate'];
}

/** What other domains use of users. */
export interface UsersApi {
  accounts: Accounts;
  /**
   * The profile's temperature sensitivity (null: no profile), the recommender's input, as an expression it reads
   * in its own statement.
   */
  sensitivitySql(userId: string): SQL<number | null>;
}

/** Accounts (the administrator's list, roles, locks), profiles and passwords: everything under `/api/users`. */
export async function createUsersModule({
  db,
  log,
  config,
  storage,
  sessions,
  notifier,
  locate,
}: UsersModuleDeps): Promise<Module<UsersApi>> {
  const usersRepo = createUsersRepo();
  const profilesRepo = createProfilesRepo();
  const users = createUsersService({
    db,
    log,
    usersRepo,
    profilesRepo,
    auth: sessions,
    notifier,
    storage,
    locate,
  });
  const routes: Routes = async (app) => {
    await app.register(usersRoutes, { prefix: '/api/users', users });
  };
  const lifecycle: Lifecycle = {
    // ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME: the administrator created at the first start.
    bootstrap: () => users.ensureBootstrapAdmin(config.admin),
  };
  const api: UsersApi = {
    accounts: usersRepo,
    sensitivitySql,
  };
  return { api, routes, lifecycle };
}
