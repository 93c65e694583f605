import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { Routes } from '../../lib/modules.js';
import { createClosetCache } from './closet-cache.js';
import { closetGaps } from './closet-gaps.js';
import { createDaysAhead } from './days-ahead.js';
import { createFeedbackRepo } from './feedback.repo.js';
import { feedbackRoutes } from './feedback.routes.js';
import { createFeedbackService } from './feedback.service.js';
import { createRecommendationsRepo } from './recommendations.repo.js';
import { recommendationsRoutes } from './recommendations.routes.js';
import { createRecommendationsService } from './recommendations.service.js';

/**
 * Today's outfit from the caller's closet and weather, the engine that picks it, and the shift learned from how
 * outfits felt.
 */
export function createRecommendationsModule({ db }: { db: Db }) {
  const repo = createRecommendationsRepo();
  // One cache of closets and histories for today's outfit and the days ahead.
  const cache = createClosetCache();
  const recommendations = createRecommendationsService({ db, repo, cache });
  const feedback = createFeedbackService({ db, repo: createFeedbackRepo() });
  const routes: Routes = async (app) => {
    await app.register(recommendationsRoutes, { recommendations });
    await app.register(feedbackRoutes, { feedback });
  };
  return {
    recommendations,
    /**
     * The outfit now shown for a day, for a caller that names it without advancing the user's '다른 옷 추천'
     * round (the morning outfit push names what the app shows).
     */
    currentOutfit: (actor: Actor, weatherId: string) =>
      recommendations.recommend(actor, { weatherId, current: true }),
    /**
     * The closet report's season gaps (clothes insights), judged by the recommender's own engine, so the report
     * and the recommendations never disagree.
     */
    closetGaps,
    /**
     * Outfits for days ahead by the recommendation rules (the week's plans, a trip's days): one user's closet read
     * once, dressed for each day's weather from the pieces available that day (docs/api.md §10).
     */
    dresserFor: createDaysAhead({ db, repo, cache }),
    routes,
  };
}
