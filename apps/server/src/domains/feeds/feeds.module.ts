import type { Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { ClothesApi } from '../clothes/index.js';
import type { Notifier } from '../notifications/index.js';
import { createCommentsRepo } from './comments.repo.js';
import { commentsRoutes } from './comments.routes.js';
import { createCommentsService } from './comments.service.js';
import type { SQL } from 'drizzle-orm';
import { createFeedList, type FeedList } from './feed-list.js';
import { createFeedsRepo, historyVersionSql } from './feeds.repo.js';
import { feedPostsRoutes } from './feeds.routes.js';
import { createFeedPostsService } from './feeds.service.js';
import { createLikesRepo } from './likes.repo.js';
import { likesRoutes } from './likes.routes.js';
import { createLikesService } from './likes.service.js';
import { wearRoutes } from './wear.routes.js';
import { createWearService } from './wear.service.js';

export interface FeedsModuleDeps extends ModuleDeps {
  notifier: Notifier;
  clothes: Pick<ClothesApi, 'attributesOf'>;
}

/** What other domains use of the feed. */
export interface FeedsApi {
  /**
   * A key that changes whenever the author's posts change (the recommender's wear history cache), as an
   * expression the caller reads in its own statement.
   */
  historyVersionSql(authorId: string): SQL<string>;
  /**
   * The feed list as `GET /api/feeds` reads it, and the statement of a page it would run now (the feeds
   * benchmark reads a search once, as the server has, then EXPLAINs the page's statement).
   */
  feedList: Pick<FeedList, 'read' | 'pageStatement'>;
}

/**
 * The feed: posts (OOTD), likes and comments under `/api/feeds`, split by file, one service object for the
 * routes; and `GET /api/clothes/{clothesId}/wear` (docs/api.md §9.8), answered from the feeds.
 */
export async function createFeedsModule({ clothes, ...deps }: FeedsModuleDeps): Promise<Module<FeedsApi>> {
  const feedsRepo = createFeedsRepo({ clothesAttributesOf: clothes.attributesOf });
  const base = { ...deps, feedsRepo };
  const feedList = createFeedList(base);
  const feeds = {
    ...createFeedPostsService({ ...base, feedList }),
    ...createLikesService({ ...base, likesRepo: createLikesRepo() }),
    ...createCommentsService({ ...base, commentsRepo: createCommentsRepo() }),
  };
  const wear = createWearService(base);
  const routes: Routes = async (app) => {
    await app.register(feedPostsRoutes, { prefix: '/api/feeds', feeds });
    await app.register(likesRoutes, { prefix: '/api/feeds', feeds });
    await app.register(commentsRoutes, { prefix: '/api/feeds', feeds });
    await app.register(wearRoutes, { prefix: '/api/clothes', wear });
  };
  return { api: { historyVersionSql, feedList }, routes, lifecycle: {} };
}
