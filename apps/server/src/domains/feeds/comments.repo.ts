import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { feedComments, feeds, profiles, users } from '../../db/schema/index.js';
import { keysetOrder, newestFirstAfter, newestFirstCursor, type NewestFirstShape } from '../../lib/cursor.js';
import { literalLimit, preparedStatements } from '../../lib/prepared.js';
import { userSummaryColumns } from '../../lib/user-summary.js';
import { must } from '../../lib/must.js';

/** Comments with their authors, and a page's count of the feed's comments (null where one comment is read). */
function selectComments(db: Executor, totalCount: SQL<number | null> = sql<null>`null`) {
  return db
    .select({
      id: feedComments.id,
      feedId: feedComments.feedId,
      content: feedComments.content,
      createdAt: feedComments.createdAt,
      author: userSummaryColumns,
      totalCount,
    })
    .from(feedComments)
    .innerJoin(users, eq(users.id, feedComments.authorId))
    .leftJoin(profiles, eq(profiles.userId, feedComments.authorId));
}
export type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

/** What changes the text of a comment page's statement. */
interface CommentPageShape extends NewestFirstShape {
  limit: number;
}

/**
 * A page of a feed's comments carrying the feed's comment_count, built once per shape with the request's values
 * as placeholders (lib/prepared.ts): one round trip where the count and the page took two.
 */
const pageStatement = preparedStatements(
  (db: Executor, shape: CommentPageShape) =>
    selectComments(
      db,
      sql<number>`(select f.comment_count from ${feeds} f where f.id = ${sql.placeholder('feedId')})`,
    )
      .where(
        and(
          eq(feedComments.feedId, sql.placeholder('feedId')),
          newestFirstAfter(feedComments.createdAt, feedComments.id, shape),
        ),
      )
      .orderBy(...keysetOrder('DESCENDING', feedComments.createdAt, feedComments.id))
      .limit(literalLimit(shape.limit + 1)),
  (shape: CommentPageShape) => [shape.cursor, shape.idAfter, shape.limit].join(','),
);

export function createCommentsRepo() {
  return {
    /** +1 on the feed's comment_count (row locked until commit); its author, or undefined when the feed is gone. */
    async incrementCommentCount(db: Executor, feedId: string): Promise<{ authorId: string } | undefined> {
      const [row] = await db
        .update(feeds)
        .set({ commentCount: sql`${feeds.commentCount} + 1`, updatedAt: sql`${feeds.updatedAt}` })
        .where(eq(feeds.id, feedId))
        .returning({ authorId: feeds.authorId });
      return row;
    },

    async insert(
      db: Executor,
      values: { feedId: string; authorId: string; content: string },
    ): Promise<string> {
      const [row] = await db.insert(feedComments).values(values).returning({ id: feedComments.id });
      return must(row, 'INSERT … RETURNING of a comment').id;
    },

    async find(db: Executor, commentId: string): Promise<CommentRow | undefined> {
      const [row] = await selectComments(db).where(eq(feedComments.id, commentId)).limit(1);
      return row;
    },

    /** The feed's comment_count (exact: kept in the comment's transaction), or undefined when the feed is gone. */
    async commentCount(db: Executor, feedId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ n: feeds.commentCount })
        .from(feeds)
        .where(eq(feeds.id, feedId))
        .limit(1);
      return row?.n;
    },

    /**
     * Newest first, `limit + 1` rows after the cursor (createdAt, then id), and the feed's comment count that they
     * carry. An empty page carries none (null): the caller asks `commentCount`, which also tells a missing feed.
     */
    async page(db: Executor, feedId: string, q: { cursor?: string; idAfter?: string; limit: number }) {
      const after = newestFirstCursor(q);
      const rows = await pageStatement(db, { ...after.shape, limit: q.limit }, { feedId, ...after.values });
      return { rows, totalCount: rows[0]?.totalCount ?? null };
    },
  };
}
export type CommentsRepo = ReturnType<typeof createCommentsRepo>;
