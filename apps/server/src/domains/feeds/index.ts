import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCommentsRepo } from './comments.repo.js';
import { commentsRoutes } from './comments.routes.js';
import { createCommentsService } from './comments.service.js';
import { createFeedsRepo } from './feeds.repo.js';
import { feedPostsRoutes } from './feeds.routes.js';
import { createFeedPostsService, type FeedsServiceDeps } from './feeds.service.js';
import { createLikesRepo } from './likes.repo.js';
import { likesRoutes } from './likes.routes.js';
import { createLikesService } from './likes.service.js';

/** The feeds domain's service: posts, likes and comments (split by file, one object for the routes). */
export function createFeedsService(deps: Omit<FeedsServiceDeps, 'feedsRepo'>) {
  const base = { ...deps, feedsRepo: createFeedsRepo() };
  return {
    ...createFeedPostsService(base),
    ...createLikesService({ ...base, likesRepo: createLikesRepo() }),
    ...createCommentsService({ ...base, commentsRepo: createCommentsRepo() }),
  };
}
export type FeedsService = ReturnType<typeof createFeedsService>;

/** Everything under `/api/feeds`. */
export const feedsRoutes: FastifyPluginAsyncZod<{ feeds: FeedsService }> = async (app, { feeds }) => {
  // Only the service is passed on: handing down `prefix` too would apply it twice.
  await app.register(feedPostsRoutes, { feeds });
  await app.register(likesRoutes, { feeds });
  await app.register(commentsRoutes, { feeds });
};
