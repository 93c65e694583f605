import type { Db } from '../../db/client.js';
import type { Routes } from '../../lib/modules.js';
import { BANDS } from './engine/bands.js';
import { inferProfile } from './engine/garment-profile.js';
import { recommend } from './engine/recommend.js';
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
    /** The pure engine, for the closet report's season gaps (clothes insights). */
    engine: { bands: BANDS, inferProfile, recommend },
    routes,
  };
}
