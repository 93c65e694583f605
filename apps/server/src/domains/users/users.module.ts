import type { Storage } from '../../adapters/storage/storage.js';
import type { Lifecycle, ModuleDeps, Routes } from '../../lib/modules.js';
import type { Notifier } from '../notifications/index.js';
import { usersRoutes } from './users.routes.js';
import { createUsersRepo } from './users.repo.js';
import {
  createUsersService,
  type AccountSessions,
  type BootstrapAdmin,
  type UsersServiceDeps,
} from './users.service.js';

export interface UsersModuleDeps extends ModuleDeps {
  /** Sign-in sessions, from the auth domain (users does not import auth). */
  auth: AccountSessions;
  notifier: Notifier;
  storage: Storage;
  /** Names a saved profile location (the weather domain's resolver). */
  locate: UsersServiceDeps['locate'];
  /** ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME: the administrator created at the first start. */
  admin: BootstrapAdmin;
}

/** Accounts (the administrator's list, roles, locks), profiles and passwords. */
export function createUsersModule({ admin, ...deps }: UsersModuleDeps) {
  const users = createUsersService({ ...deps, usersRepo: createUsersRepo() });
  /** Everything under `/api/users` (profiles included). */
  const routes: Routes = async (app) => {
    await app.register(usersRoutes, { users });
  };
  const lifecycle: Lifecycle = {
    bootstrap: () => users.ensureBootstrapAdmin(admin),
  };
  return { users, routes, lifecycle };
}
