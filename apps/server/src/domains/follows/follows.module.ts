import type { ModuleDeps, Routes } from '../../lib/modules.js';
import type { Notifier } from '../notifications/index.js';
import { createFollowsRepo } from './follows.repo.js';
import { followsRoutes } from './follows.routes.js';
import { createFollowsService } from './follows.service.js';

/** Who follows whom. */
export function createFollowsModule(deps: ModuleDeps & { notifier: Notifier }) {
  const follows = createFollowsService({ ...deps, followsRepo: createFollowsRepo() });
  const routes: Routes = async (app) => {
    await app.register(followsRoutes, { follows });
  };
  return { follows, routes };
}
