import type { Db } from '../../db/client.js';
import type { Routes } from '../../lib/modules.js';
import { closetGaps } from './closet-gaps.js';
import { createRecommendationsRepo } from './recommendations.repo.js';
import { recommendationsRoutes } from './recommendations.routes.js';
import { createRecommendationsService } from './recommendations.service.js';

/** Today's outfit from the caller's closet and weather, and the engine that picks it. */
export function createRecommendationsModule({ db }: { db: Db }) {
  const recommendations = createRecommendationsService({ db, repo: createRecommendationsRepo() });
  const routes: Routes = async (app) => {
    await app.register(recommendationsRoutes, { recommendations });
  };
  return {
    recommendations,
    /**
     * A recommender with rounds of its own, for a caller that must not advance the user's '다른 옷 추천' round
     * in the app (the morning outfit push).
     */
    separateRecommender: () =>
      createRecommendationsService({ db, repo: createRecommendationsRepo() }).recommend,
    /**
     * The closet report's season gaps (clothes insights), judged by the recommender's own engine, so the report
     * and the recommendations never disagree.
     */
    closetGaps,
    routes,
  };
}
