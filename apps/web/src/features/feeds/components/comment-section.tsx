import { Link } from 'react-router';
import { ko, type CommentDto } from '@otboo/contract';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { createComment } from '@/features/feeds/api/create-comment';
import { getComments, type CommentListParams } from '@/features/feeds/api/get-comments';
import { CommentForm } from '@/features/feeds/components/comment-form';
import { formatRelativeTime } from '@/features/feeds/utils/feed-time';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import { queryKeys } from '@/lib/query-keys';
import { useCursorList } from '@/lib/use-cursor-list';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

/** Comments load 20 at a time (spec §7 fixed values). */
export const COMMENT_PAGE_SIZE = 20;

interface CommentSectionProps {
  feedId: string;
  /** The signed-in user; commenting needs one (spec §5). */
  userId: string | undefined;
  /** A comment was posted: the feed's comment count goes up by one. */
  onCommented(): void;
  /** A link was followed: the dialog closes. */
  onNavigate(): void;
}

/** The comments of one feed, newest first, loading more as the list scrolls, with the input under it. */
export function CommentSection({ feedId, userId, onCommented, onNavigate }: CommentSectionProps) {
  const comments = useCursorList<CommentDto, Omit<CommentListParams, 'cursor' | 'idAfter'>>({
    queryKey: queryKeys.feeds.comments({ feedId, limit: COMMENT_PAGE_SIZE }),
    fetchPage: getComments,
  });
  const { items: data, loading, error, hasNext } = comments;
  const sentinel = useInfiniteScroll<HTMLLIElement>({
    enabled: hasNext && !loading && !error,
    onReachEnd: () => void comments.loadMore(),
  });

  async function submit(content: string): Promise<boolean> {
    if (!userId) return false;
    try {
      const created = await createComment({ feedId, authorId: userId, content });
      comments.add(created);
      onCommented();
      toast.success(ko.feeds.commentCreated);
      return true;
    } catch (cause) {
      console.error(cause);
      // The text stays in the box (CommentForm empties it only once saved).
      toast.error(writeErrorText(cause, ko.feeds.commentFailed));
      return false;
    }
  }

  return (
    // On a phone its parts join the feed detail's one scrolling column (`contents`) and the input sticks to the
    // bottom of the screen; from md it is the right column's foot, with a list that scrolls on its own.
    <div className="contents md:col-start-2 md:flex md:min-h-0 md:flex-1 md:flex-col">
      <div className="px-4 md:min-h-0 md:flex-1 md:overflow-y-auto md:px-6" aria-busy={loading}>
        <ul aria-label={ko.feeds.comments} className="flex flex-col">
          {data.map((comment) => (
            <li key={comment.id} className="flex gap-3 border-b border-line py-3.5 last:border-b-0">
              <Avatar src={comment.author.profileImageUrl} alt="" size={32} />
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <p className="flex items-baseline gap-2">
                  <Link
                    to={paths.profiles.href(comment.author.userId)}
                    onClick={onNavigate}
                    className="truncate text-sm font-bold text-ink hover:underline"
                  >
                    {comment.author.name}
                  </Link>
                  <time dateTime={comment.createdAt} className="shrink-0 text-xs text-ink-muted">
                    {formatRelativeTime(comment.createdAt)}
                  </time>
                </p>
                <p className="text-sm break-words whitespace-pre-wrap text-ink-soft">{comment.content}</p>
              </div>
            </li>
          ))}
          <li ref={sentinel} aria-hidden className="h-px" />
        </ul>
        <CommentListStatus count={data.length} loading={loading} error={error} hasNext={hasNext} />
      </div>
      <CommentForm disabled={!userId} onSubmit={submit} className="sticky bottom-0 bg-white md:static" />
    </div>
  );
}

/** The line under the list: loading, the first-comment invitation, the end of the list, or an error. */
function CommentListStatus({
  count,
  loading,
  error,
  hasNext,
}: {
  count: number;
  loading: boolean;
  error: string | null;
  hasNext: boolean;
}) {
  if (loading) {
    return (
      <div className="flex justify-center py-5">
        <Spinner label={ko.feeds.commentLoading} className="text-sm" />
      </div>
    );
  }
  if (error) {
    return (
      <p role="alert" className="py-5 text-center text-sm text-red-600">
        {error}
      </p>
    );
  }
  if (count === 0) return <p className="py-10 text-center text-sm text-ink-muted">{ko.feeds.commentEmpty}</p>;
  if (!hasNext) return <p className="py-5 text-center text-xs text-ink-muted">{ko.feeds.commentEnd}</p>;
  return null;
}
