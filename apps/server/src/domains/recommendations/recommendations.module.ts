import type { Actor } from '../../lib/actor.js';
import type { Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { RecommendationDto } from '@otboo/contract';
import { createClosetCache } from './closet-cache.js';
import { closetGaps } from './closet-gaps.js';
import { createDaysAhead, type Dresser } from './days-ahead.js';
import { createFeedbackRepo } from './feedback.repo.js';
import { feedbackRoutes } from './feedback.routes.js';
import { createFeedbackService } from './feedback.service.js';
import { createRecommendationsRepo, type RecommendationsRepoDeps } from './recommendations.repo.js';
import { recommendationsRoutes } from './recommendations.routes.js';
import { createRecommendationsService } from './recommendations.service.js';

export type RecommendationsModuleDeps = ModuleDeps & RecommendationsRepoDeps;

/** What other domains use of the recommender. */
export interface RecommendationsApi {
  /**
   * The outfit now shown for a day, for a caller that names it without advancing the user's '다른 옷 추천'
   * round (the morning outfit push names what the app shows).
   */
  currentOutfit(actor: Actor, weatherId: string): Promise<RecommendationDto>;
  /**
   * The closet report's season gaps (clothes insights), judged by the recommender's own engine, so the report
   * and the recommendations never disagree.
   */
  closetGaps: typeof closetGaps;
  /**
   * Outfits for days ahead by the recommendation rules (the week's plans, a trip's days): one user's closet read
   * once, dressed for each day's weather from the pieces available that day (docs/api.md §10).
   */
  dresserFor(userId: string): Promise<Dresser>;
}

/**
 * Today's outfit from the caller's closet and weather (`/api/recommendations`), the engine that picks it, and the
 * shift learned from how outfits felt. The closet, the post history and the profile come through their owners'
 * api (clothes, feeds, users).
 */
export async function createRecommendationsModule({
  db,
  clothes,
  feeds,
  users,
}: RecommendationsModuleDeps): Promise<Module<RecommendationsApi>> {
  const repo = createRecommendationsRepo({ clothes, feeds, users });
  // One cache of closets and histories for today's outfit and the days ahead.
  const cache = createClosetCache();
  const recommendations = createRecommendationsService({ db, repo, cache });
  const feedback = createFeedbackService({ db, repo: createFeedbackRepo() });
  const routes: Routes = async (app) => {
    await app.register(recommendationsRoutes, { prefix: '/api/recommendations', recommendations });
    await app.register(feedbackRoutes, { prefix: '/api/recommendations', feedback });
  };
  const api: RecommendationsApi = {
    currentOutfit: (actor, weatherId) => recommendations.recommend(actor, { weatherId, current: true }),
    closetGaps,
    dresserFor: createDaysAhead({ db, repo, cache }),
  };
  return { api, routes, lifecycle: {} };
}
