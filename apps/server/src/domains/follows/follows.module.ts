import type { Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { Notifier } from '../notifications/index.js';
import { createFollowsRepo } from './follows.repo.js';
import { followsRoutes } from './follows.routes.js';
import { createFollowsService } from './follows.service.js';

export interface FollowsModuleDeps extends ModuleDeps {
  notifier: Notifier;
}

/** Who follows whom, under `/api/follows`. Nothing of it is used by other domains. */
export async function createFollowsModule({
  db,
  log,
  notifier,
}: FollowsModuleDeps): Promise<Module<Record<string, never>>> {
  const follows = createFollowsService({ db, log, notifier, followsRepo: createFollowsRepo() });
  const routes: Routes = async (app) => {
    await app.register(followsRoutes, { prefix: '/api/follows', follows });
  };
  return { api: {}, routes, lifecycle: {} };
}
