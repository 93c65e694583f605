import { Dialog as RadixDialog } from 'radix-ui';
import { ko, type FeedDto } from '@otboo/contract';
import { DialogCloseButton } from '@/features/feeds/components/dialog-close-button';
import { FeedDetail } from '@/features/feeds/components/feed-detail';
import { Spinner } from '@/components/ui/spinner';
import { useFeedLookup } from '@/features/feeds/hooks/use-feed-lookup';

export interface FeedDetailDialogProps {
  /** The feed to show; null while nothing is selected. */
  feedId: string | null;
  /**
   * The feed as the caller already has it (a card, the answer of POST /api/feeds). Without it the dialog
   * looks `feedId` up among the signed-in user's 10 newest feeds (there is no GET /api/feeds/{id}).
   */
  initialFeed?: FeedDto;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The feed changed here (like, comment, edited text): update the card behind the dialog. */
  onFeedChange?(feed: FeedDto): void;
  /** The author deleted the feed; the dialog has closed itself. */
  onFeedDelete?(feedId: string): void;
}

/**
 * The feed detail dialog of spec §2: the outfit carousel on the left; the author, date and time,
 * weather, text, like toggle and comments on the right. The caller keeps the selected feed for 300 ms
 * after closing (hooks/use-feed-dialog.ts) so the content stays while the dialog goes away.
 */
export function FeedDetailDialog({ feedId, initialFeed, open, onOpenChange, onFeedChange, onFeedDelete }: FeedDetailDialogProps) {
  const lookup = useFeedLookup(feedId, initialFeed, open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex h-[min(720px,calc(100dvh-2rem))] w-[min(1100px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-[var(--radius-card)] bg-white shadow-2xl focus:outline-none"
        >
          {lookup.status === 'ready' ? (
            <FeedDetail
              key={lookup.feed.id}
              initialFeed={lookup.feed}
              onFeedChange={onFeedChange}
              onDeleted={(id) => {
                onOpenChange(false);
                onFeedDelete?.(id);
              }}
              onNavigate={() => onOpenChange(false)}
            />
          ) : (
            <div className="flex flex-1 flex-col">
              <div className="flex items-center justify-between px-6 pt-5">
                <RadixDialog.Title className="text-lg font-bold text-ink">{ko.feeds.detailTitleFallback}</RadixDialog.Title>
                <DialogCloseButton />
              </div>
              <div className="flex flex-1 items-center justify-center">
                {lookup.status === 'missing' ? (
                  <p role="alert" className="text-[15px] text-ink-soft">
                    {ko.feeds.notFound}
                  </p>
                ) : (
                  <Spinner label={ko.common.loading} />
                )}
              </div>
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
