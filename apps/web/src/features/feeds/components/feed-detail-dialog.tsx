import { ko, type FeedDto } from '@otboo/contract';
import { Dialog, DialogClose, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { FeedDetail } from '@/features/feeds/components/feed-detail';
import { useFeedLookup } from '@/features/feeds/hooks/use-feed-lookup';

export interface FeedDetailDialogProps {
  /** The feed to show; null while nothing is selected. */
  feedId: string | null;
  /**
   * The feed as the caller already has it (a card, the answer of POST /api/feeds). Without it the dialog
   * reads `feedId` by GET /api/feeds/{id}.
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
 * The feed detail dialog of docs/product.md §2: the outfit carousel on the left; the author, date and time,
 * weather, text, like toggle and comments on the right. The caller keeps the selected feed for 300 ms
 * after closing (hooks/use-feed-dialog.ts) so the content stays while the dialog goes away.
 */
export function FeedDetailDialog({
  feedId,
  initialFeed,
  open,
  onOpenChange,
  onFeedChange,
  onFeedDelete,
}: FeedDetailDialogProps) {
  const lookup = useFeedLookup(feedId, initialFeed, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} width={1100} height={720} direction="row" dim>
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
            <DialogTitle className="text-lg">{ko.feeds.detailTitleFallback}</DialogTitle>
            <DialogClose />
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
    </Dialog>
  );
}
