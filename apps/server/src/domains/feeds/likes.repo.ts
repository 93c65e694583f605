import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { feedLikes, feeds } from '../../db/schema/index.js';

/**
 * Likes and the feed's like_count change in one transaction, and every path takes the feed row's lock before
 * touching feed_likes (like: the counter update; unlike: FOR NO KEY UPDATE), so concurrent likes and unlikes of
 * one feed queue on that row instead of deadlocking, and the counter always equals the number of rows.
 */
export function createLikesRepo() {
  return {
    /** +1 on the counter (row locked until commit); the feed's author, or undefined when the feed is gone. */
    async incrementLikeCount(db: Executor, feedId: string): Promise<{ authorId: string } | undefined> {
      const [row] = await db
        .update(feeds)
        // updated_at tracks content edits, not likes: keep it as it is.
        .set({ likeCount: sql`${feeds.likeCount} + 1`, updatedAt: sql`${feeds.updatedAt}` })
        .where(eq(feeds.id, feedId))
        .returning({ authorId: feeds.authorId });
      return row;
    },

    async decrementLikeCount(db: Executor, feedId: string): Promise<void> {
      await db
        .update(feeds)
        .set({ likeCount: sql`${feeds.likeCount} - 1`, updatedAt: sql`${feeds.updatedAt}` })
        .where(eq(feeds.id, feedId));
    },

    /** Locks the feed row as the counter update would; false when the feed is gone. */
    async lockFeed(db: Executor, feedId: string): Promise<boolean> {
      const rows = await db
        .select({ id: feeds.id })
        .from(feeds)
        .where(eq(feeds.id, feedId))
        .for('no key update');
      return rows.length === 1;
    },

    /** False when this user already likes the feed (the primary key decides, not a prior read). */
    async insert(db: Executor, feedId: string, userId: string): Promise<boolean> {
      const rows = await db
        .insert(feedLikes)
        .values({ feedId, userId })
        .onConflictDoNothing()
        .returning({ feedId: feedLikes.feedId });
      return rows.length === 1;
    },

    /** False when there was no like to remove. */
    async delete(db: Executor, feedId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(feedLikes)
        .where(and(eq(feedLikes.feedId, feedId), eq(feedLikes.userId, userId)))
        .returning({ feedId: feedLikes.feedId });
      return rows.length === 1;
    },
  };
}
export type LikesRepo = ReturnType<typeof createLikesRepo>;
