import { Heart, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { VisuallyHidden } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ko, type FeedDto } from '@otboo/contract';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogClose, DialogTitle } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { deleteFeed } from '@/features/feeds/api/delete-feed';
import { updateFeed } from '@/features/feeds/api/update-feed';
import { CommentSection } from '@/features/feeds/components/comment-section';
import { FeedContentEditor } from '@/features/feeds/components/feed-content-editor';
import { FeedWeather } from '@/features/feeds/components/feed-weather';
import { OutfitCarousel } from '@/features/feeds/components/outfit-carousel';
import { useFeedState } from '@/features/feeds/hooks/use-feed-state';
import { useLikeToggle } from '@/features/feeds/hooks/use-like-toggle';
import { formatClock, formatMonthDay } from '@/features/feeds/utils/feed-time';
import { toast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { cn } from '@/utils/cn';
import { writeErrorText } from '@/utils/error-text';

interface FeedDetailProps {
  initialFeed: FeedDto;
  onFeedChange?(feed: FeedDto): void;
  onDeleted(feedId: string): void;
  /** A profile link was followed. */
  onNavigate(): void;
}

/** The inside of the feed detail dialog for one feed; keyed by feed id, so each feed starts afresh. */
export function FeedDetail({ initialFeed, onFeedChange, onDeleted, onNavigate }: FeedDetailProps) {
  const user = useSession((s) => s.user);
  const [feed, patch] = useFeedState(initialFeed, onFeedChange);
  const like = useLikeToggle(feed, patch);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isAuthor = user?.id === feed.author.userId;
  const canDelete = isAuthor || user?.role === 'ADMIN';

  async function save(content: string) {
    setSaving(true);
    try {
      const updated = await updateFeed(feed.id, { content });
      patch(() => updated);
      setEditing(false);
      toast.success(ko.feeds.updated);
    } catch (error) {
      console.error(error);
      toast.error(writeErrorText(error, ko.feeds.updateFailed));
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      await deleteFeed(feed.id);
      setConfirming(false);
      toast.success(ko.feeds.deleted);
      onDeleted(feed.id);
    } catch (error) {
      console.error(error);
      toast.error(writeErrorText(error, ko.feeds.deleteFailed));
    } finally {
      setDeleting(false);
    }
  }

  return (
    // A phone scrolls one column (the header stays on top, the comment input at the bottom: comment-section.tsx);
    // from md the outfit fills the left 55% and the right column scrolls its comments. The header comes first in
    // the document, so the close button and the author are the first stops of the keyboard.
    <div className="flex min-h-0 min-w-0 flex-1 flex-col overflow-y-auto md:grid md:grid-cols-[55%_minmax(0,1fr)] md:grid-rows-[auto_auto_minmax(0,1fr)] md:overflow-visible">
      <header className="sticky top-0 z-10 flex items-start gap-3 border-b border-line bg-white px-4 pt-4 pb-3 md:static md:col-start-2 md:row-start-1 md:px-6 md:pt-5 md:pb-4">
        <Link
          to={paths.profiles.href(feed.author.userId)}
          onClick={onNavigate}
          className="shrink-0 rounded-full"
          tabIndex={-1}
          aria-hidden
        >
          <Avatar src={feed.author.profileImageUrl} alt="" size={44} />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <VisuallyHidden.Root>
            <DialogTitle>{ko.feeds.detailTitle(feed.author.name)}</DialogTitle>
          </VisuallyHidden.Root>
          <Link
            to={paths.profiles.href(feed.author.userId)}
            onClick={onNavigate}
            className="self-start truncate text-base font-bold text-ink hover:underline"
          >
            {feed.author.name}
          </Link>
          <p className="flex flex-wrap items-center gap-x-2 text-[13px] text-ink-muted">
            <time dateTime={feed.createdAt} className="tabular-nums">
              {formatMonthDay(feed.createdAt)} {formatClock(feed.createdAt)}
            </time>
            <span aria-hidden>·</span>
            <FeedWeather weather={feed.weather} className="text-[13px]" />
          </p>
        </div>
        <div className="-mr-2 flex shrink-0 items-center gap-0.5">
          {isAuthor && !editing ? (
            <HeaderAction
              label={ko.feeds.editContent}
              onClick={() => setEditing(true)}
              icon={<Pencil className="size-4" aria-hidden />}
            />
          ) : null}
          {canDelete ? (
            <HeaderAction
              label={ko.feeds.deleteFeed}
              onClick={() => setConfirming(true)}
              icon={<Trash2 className="size-4" aria-hidden />}
              danger
            />
          ) : null}
          <DialogClose />
        </div>
      </header>

      <div className="h-[min(62dvh,420px)] shrink-0 bg-surface p-4 md:col-start-1 md:row-span-3 md:row-start-1 md:h-auto md:min-h-0 md:p-6">
        <OutfitCarousel items={feed.ootds} />
      </div>

      <div className="flex shrink-0 flex-col gap-4 border-b border-line px-4 py-4 md:col-start-2 md:px-6">
        {editing ? (
          <FeedContentEditor
            initial={feed.content}
            saving={saving}
            onSave={(content) => void save(content)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <p className="text-[15px] leading-relaxed break-words whitespace-pre-wrap text-ink md:max-h-40 md:overflow-y-auto">
            {feed.content}
          </p>
        )}
        <div className="flex items-center gap-4 text-sm font-bold text-ink-soft">
          <span className="-ml-2 inline-flex items-center gap-0.5">
            <button
              type="button"
              onClick={() => void like.toggle()}
              disabled={like.pending}
              aria-pressed={feed.likedByMe}
              aria-label={ko.feeds.like}
              className="flex size-11 items-center justify-center rounded-full hover:bg-surface disabled:opacity-60 md:size-9"
            >
              <Heart
                className={cn(
                  'size-5 transition-colors',
                  feed.likedByMe ? 'fill-red-500 text-red-500' : 'text-ink-muted',
                )}
                aria-hidden
              />
            </button>
            <span className="tabular-nums">
              <span className="sr-only">{ko.feeds.likeCountLabel} </span>
              {feed.likeCount}
            </span>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MessageCircle className="size-5 text-ink-muted" aria-hidden />
            <span className="tabular-nums">
              <span className="sr-only">{ko.feeds.commentCountLabel} </span>
              {feed.commentCount}
            </span>
          </span>
        </div>
      </div>

      <CommentSection
        feedId={feed.id}
        userId={user?.id}
        onCommented={() => patch((current) => ({ ...current, commentCount: current.commentCount + 1 }))}
        onNavigate={onNavigate}
      />

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={ko.feeds.deleteTitle}
        description={ko.feeds.deleteConfirm}
        confirmLabel={ko.feeds.deleteFeed}
        busy={deleting}
        onConfirm={() => void remove()}
      />
    </div>
  );
}

function HeaderAction({
  label,
  icon,
  onClick,
  danger = false,
}: {
  label: string;
  icon: ReactNode;
  onClick(): void;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center gap-1 rounded-full px-2.5 text-[13px] font-bold',
        danger ? 'text-red-600 hover:bg-red-50' : 'text-ink-soft hover:bg-surface',
      )}
    >
      {icon}
      {label}
    </button>
  );
}
