import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { feedComments, feeds, profiles, users } from '../../db/schema/index.js';
import { countedPage } from '../../lib/counted-page.js';
import { keysetOrder, newestFirstAfter, newestFirstCursor, type NewestFirstShape } from '../../lib/cursor.js';
import { literalLimit, preparedStatements } from '../../lib/prepared.js';
import { userSummaryColumns } from '../../lib/user-summary.js';
import { must } from '../../lib/must.js';

/** Comments with their authors, and a page's count of the feed's comments (null where one comment is read). */
function selectComments(db: Executor, total: SQL<number | null> = sql<null>`null`) {
  return db
    .select({
      id: feedComments.id,
      feedId: feedComments.feedId,
      content: feedComments.content,
      createdAt: feedComments.createdAt,
      author: userSummaryColumns,
      total,
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

    /**
     * Newest first, `limit + 1` rows after the cursor (createdAt, then id), and the feed's comment_count (exact:
     * kept in the comment's transaction) that they carry. An empty page reads the count on its own
     * (lib/counted-page.ts), and that also tells a missing feed: total undefined.
     */
    async page(db: Executor, feedId: string, q: { cursor?: string; idAfter?: string; limit: number }) {
      const after = newestFirstCursor(q);
      return countedPage(pageStatement(db, { ...after.shape, limit: q.limit }, { feedId, ...after.values }), {
        cursor: q.cursor,
        ownerMayBeMissing: true,
        count: async () => {
          const [row] = await db
            .select({ n: feeds.commentCount })
            .from(feeds)
            .where(eq(feeds.id, feedId))
            .limit(1);
          return row?.n;
        },
      });
    },
  };
}
export type CommentsRepo = ReturnType<typeof createCommentsRepo>;
