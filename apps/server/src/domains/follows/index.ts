import { createFollowsRepo } from './follows.repo.js';
import { createFollowsService as createService, type FollowsServiceDeps } from './follows.service.js';

export { followsRoutes } from './follows.routes.js';
export type { FollowsService } from './follows.service.js';

/** The follows domain's service with its repo. */
export function createFollowsService(deps: Omit<FollowsServiceDeps, 'followsRepo'>) {
  return createService({ ...deps, followsRepo: createFollowsRepo() });
}
