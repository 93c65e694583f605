import type { ModuleDeps, Routes } from '../../lib/modules.js';
import { createPlansRepo } from './plans.repo.js';
import { plansRoutes } from './plans.routes.js';
import { createPlansService, type PlansServiceDeps } from './plans.service.js';

export type PlansModuleDeps = Pick<ModuleDeps, 'db'> & Pick<PlansServiceDeps, 'dresserFor' | 'forecast'>;

/** '이번 주 코디' (docs/api.md §10): plans for the days ahead, and the planned pieces the morning outfit names. */
export function createPlansModule(deps: PlansModuleDeps) {
  const plans = createPlansService({ ...deps, repo: createPlansRepo() });
  const routes: Routes = async (app) => {
    await app.register(plansRoutes, { plans });
  };
  return {
    plans,
    /** The pieces planned for a user's date, by name, or null (the morning outfit, docs/api.md §10). */
    plannedNames: plans.plannedNames,
    routes,
  };
}
