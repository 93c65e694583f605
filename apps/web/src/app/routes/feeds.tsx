import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ko } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { FeedDetailDialog } from '@/features/feeds/components/feed-detail-dialog';
import { FeedFilters } from '@/features/feeds/components/feed-filters';
import { FEED_PAGE_SKELETONS, FeedGrid } from '@/features/feeds/components/feed-grid';
import { useFeedDialog } from '@/features/feeds/hooks/use-feed-dialog';
import {
  FEED_LIST_DEFAULT_PARAMS,
  useFeedList,
  type FeedFilterParams,
} from '@/features/feeds/hooks/use-feed-list';
import { useSession } from '@/stores/session';

/**
 * /feeds (?authorIdEqual, ?feedId) — search, filter and sort the feeds; a card opens the detail dialog, and so does
 * `feedId` in the address (a notification's target): closing that dialog takes the id out of the address.
 */
export function FeedsRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const authorIdEqual = searchParams.get('authorIdEqual') || undefined;
  const linkedFeedId = searchParams.get('feedId') || null;
  const userId = useSession((s) => s.user?.id);
  const [filters, setFilters] = useState<FeedFilterParams>(FEED_LIST_DEFAULT_PARAMS);
  // The author filter follows the address, so the avatar menu's '내 피드' link changes the list.
  const params: FeedFilterParams = { ...filters, authorIdEqual };
  const feeds = useFeedList(params);
  const dialog = useFeedDialog();

  const changeFilters = useCallback(
    (patch: Partial<FeedFilterParams>) => setFilters((current) => ({ ...current, ...patch })),
    [],
  );
  const mine = authorIdEqual !== undefined && authorIdEqual === userId;

  return (
    <Page
      title={mine ? ko.feeds.pageTitleMine : ko.layout.sidebarFeeds}
      actions={
        authorIdEqual ? (
          <Button asChild variant="outline" size="sm">
            <Link to={paths.feeds.href()}>{ko.feeds.showAllFeeds}</Link>
          </Button>
        ) : null
      }
    >
      <div className="flex flex-col gap-6">
        <FeedFilters params={params} onChange={changeFilters} />
        <FeedGrid
          list={feeds}
          skeletons={FEED_PAGE_SKELETONS}
          emptyText={ko.feeds.empty}
          columns="grid-cols-1 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          onOpen={dialog.show}
        />
      </div>
      <FeedDetailDialog
        feedId={dialog.feed?.id ?? null}
        initialFeed={dialog.feed ?? undefined}
        open={dialog.open}
        onOpenChange={dialog.onOpenChange}
        onFeedChange={feeds.update}
        onFeedDelete={feeds.remove}
      />
      {linkedFeedId ? (
        <FeedDetailDialog
          feedId={linkedFeedId}
          open
          onOpenChange={(open) => {
            if (open) return;
            const next = new URLSearchParams(searchParams);
            next.delete('feedId');
            const query = next.toString();
            // Replaced, not pushed: Back from the list goes where the notification was tapped. The list stays
            // where it was scrolled.
            void navigate(`${paths.feeds.path}${query ? `?${query}` : ''}`, {
              replace: true,
              preventScrollReset: true,
            });
          }}
          onFeedChange={feeds.update}
          onFeedDelete={feeds.remove}
        />
      ) : null}
    </Page>
  );
}
