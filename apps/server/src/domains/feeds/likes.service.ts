import { ko } from '@otboo/contract';
import type { Actor } from '../../lib/actor.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { FeedsServiceDeps } from './feeds.service.js';
import { notFoundFeed, publishStored } from './feeds.service.js';
import type { LikesRepo } from './likes.repo.js';

export function createLikesService({
  db,
  feedsRepo,
  notifier,
  log,
  likesRepo,
}: FeedsServiceDeps & { likesRepo: LikesRepo }) {
  return {
    /** 409 on a second like; the author is told (never about their own like). */
    async like(actor: Actor, feedId: string): Promise<void> {
      const notes = await db.transaction(async (tx) => {
        const feed = await likesRepo.incrementLikeCount(tx, feedId);
        if (!feed) throw notFoundFeed();
        // Throwing rolls the increment back with the rest of the transaction.
        if (!(await likesRepo.insert(tx, feedId, actor.userId)))
          throw conflict(ko.feeds.alreadyLiked, 'AlreadyLikedException');
        if (feed.authorId === actor.userId) return [];
        const name = (await feedsRepo.userName(tx, actor.userId)) ?? '';
        return notifier.record(tx, [
          {
            receiverId: feed.authorId,
            title: ko.feeds.likedNotificationTitle,
            content: ko.feeds.likedNotificationContent(name),
            kind: 'LIKE',
            sourceUserId: actor.userId,
            targetFeedId: feedId,
          },
        ]);
      });
      publishStored(notifier, log, notes);
    },

    /** 404 when the feed is gone or the caller does not like it. */
    async unlike(actor: Actor, feedId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await likesRepo.lockFeed(tx, feedId))) throw notFoundFeed();
        if (!(await likesRepo.delete(tx, feedId, actor.userId)))
          throw notFound(ko.feeds.notLiked, 'LikeNotFoundException');
        await likesRepo.decrementLikeCount(tx, feedId);
      });
    },
  };
}
export type LikesService = ReturnType<typeof createLikesService>;
