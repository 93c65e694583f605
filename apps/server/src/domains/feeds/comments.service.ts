import {
  ko,
  type CommentCreateRequest,
  type CommentDto,
  type CursorPage,
  type PageQuery,
} from '@otboo/contract';
import type { Actor } from '../../lib/actor.js';
import { toPage } from '../../lib/cursor.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { toUserSummary } from '../../lib/user-summary.js';
import type { CommentRow, CommentsRepo } from './comments.repo.js';
import type { FeedsServiceDeps } from './feeds.service.js';
import { notFoundFeed, publishStored } from './feeds.service.js';
import { must } from '../../lib/must.js';
import { oneLinePreview } from '../../lib/one-line-preview.js';

/** How much of a comment its notification quotes: two lines of the panel on a phone. */
const COMMENT_PREVIEW_CHARS = 60;

export function toCommentDto(row: CommentRow): CommentDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    feedId: row.feedId,
    author: toUserSummary(row.author),
    content: row.content,
  };
}

export function createCommentsService({
  db,
  notifier,
  log,
  commentsRepo,
}: FeedsServiceDeps & { commentsRepo: CommentsRepo }) {
  return {
    /** Newest first; totalCount is the feed's comment count. */
    async listComments(_actor: Actor, feedId: string, q: PageQuery): Promise<CursorPage<CommentDto>> {
      const { rows, total } = await commentsRepo.page(db, feedId, q);
      // A row proves the feed exists; an empty page's count tells (undefined: the feed is gone).
      if (total === undefined) throw notFoundFeed();
      const sort = { sortBy: 'createdAt', sortDirection: 'DESCENDING' } as const;
      return toPage(rows, q.limit, total, sort, (r) => ({ sortKey: r.createdAt, id: r.id }), toCommentDto);
    },

    /** The body's authorId must be the caller and its feedId the path's; the feed's author is told. */
    async addComment(actor: Actor, feedId: string, input: CommentCreateRequest): Promise<CommentDto> {
      if (input.authorId !== actor.userId)
        throw forbidden(ko.feeds.commentAuthorMismatch, 'CommentAuthorMismatchException');
      if (input.feedId !== feedId)
        throw badRequest(ko.feeds.commentFeedMismatch, { feedId: ko.feeds.commentFeedMismatch });
      const { row, notes } = await db.transaction(async (tx) => {
        const feed = await commentsRepo.incrementCommentCount(tx, feedId);
        if (!feed) throw notFoundFeed();
        const id = await commentsRepo.insert(tx, { feedId, authorId: actor.userId, content: input.content });
        const row = must(await commentsRepo.find(tx, id), 'the comment just inserted in this transaction');
        const notes =
          feed.authorId === actor.userId
            ? []
            : await notifier.record(tx, [
                {
                  receiverId: feed.authorId,
                  title: ko.feeds.commentedNotificationTitle,
                  content: ko.feeds.commentedNotificationContent(row.author.name),
                  kind: 'COMMENT',
                  sourceUserId: actor.userId,
                  targetFeedId: feedId,
                  excerpt: oneLinePreview(input.content, COMMENT_PREVIEW_CHARS),
                },
              ]);
        return { row, notes };
      });
      publishStored(notifier, log, notes);
      return toCommentDto(row);
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
