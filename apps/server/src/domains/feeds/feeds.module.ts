import type { ModuleDeps, Routes } from '../../lib/modules.js';
import type { Notifier } from '../notifications/index.js';
import { createCommentsRepo } from './comments.repo.js';
import { commentsRoutes } from './comments.routes.js';
import { createCommentsService } from './comments.service.js';
import { createFeedsRepo } from './feeds.repo.js';
import { feedPostsRoutes } from './feeds.routes.js';
import { createFeedPostsService } from './feeds.service.js';
import { createLikesRepo } from './likes.repo.js';
import { likesRoutes } from './likes.routes.js';
import { createLikesService } from './likes.service.js';
import { wearRoutes } from './wear.routes.js';
import { createWearService } from './wear.service.js';

/** The feed: posts (OOTD), likes and comments, split by file, one service object for the routes. */
export function createFeedsModule(deps: ModuleDeps & { notifier: Notifier }) {
  const base = { ...deps, feedsRepo: createFeedsRepo() };
  const feeds = {
    ...createFeedPostsService(base),
    ...createLikesService({ ...base, likesRepo: createLikesRepo() }),
    ...createCommentsService({ ...base, commentsRepo: createCommentsRepo() }),
  };
  /** Everything under `/api/feeds`. */
  const routes: Routes = async (app) => {
    await app.register(feedPostsRoutes, { feeds });
    await app.register(likesRoutes, { feeds });
    await app.register(commentsRoutes, { feeds });
  };
  const wear = createWearService(base);
  /** `GET /api/clothes/{clothesId}/wear` (docs/api.md §9.8): under `/api/clothes`, answered from the feeds. */
  const clothesRoutes: Routes = async (app) => {
    await app.register(wearRoutes, { wear });
  };
  return { feeds, routes, clothesRoutes };
}
