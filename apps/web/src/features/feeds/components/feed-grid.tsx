import { Newspaper } from 'lucide-react';
import { ko, type FeedDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { FeedCard } from '@/features/feeds/components/feed-card';
import { FeedCardSkeleton } from '@/features/feeds/components/feed-card-skeleton';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import type { CursorList } from '@/lib/use-cursor-list';
import { cn } from '@/utils/cn';

export interface SkeletonCounts {
  /** While the first page loads. */
  initial: number;
  /** While a further page loads. */
  more: number;
}

/** The feed screen's counts (spec §9): one more row of four while loading more. */
export const FEED_PAGE_SKELETONS: SkeletonCounts = { initial: 8, more: 4 };
/** The profile's three-column grid: two rows, then one more. */
export const PROFILE_FEED_SKELETONS: SkeletonCounts = { initial: 6, more: 3 };

interface FeedGridProps {
  list: Pick<CursorList<FeedDto>, 'items' | 'loading' | 'error' | 'hasNext' | 'loadMore' | 'retry'>;
  skeletons: SkeletonCounts;
  emptyText: string;
  /** Column classes of the grid. */
  columns: string;
  onOpen(feed: FeedDto): void;
}

/** Feed cards with skeletons while loading, an empty text, and the next page when the end scrolls into view. */
export function FeedGrid({ list, skeletons, emptyText, columns, onOpen }: FeedGridProps) {
  const { items: feeds, loading, error, hasNext } = list;
  const sentinel = useInfiniteScroll<HTMLDivElement>({
    enabled: hasNext && !loading && !error,
    onReachEnd: () => void list.loadMore(),
  });
  const skeletonCount = loading ? (feeds.length === 0 ? skeletons.initial : skeletons.more) : 0;

  if (!loading && !error && feeds.length === 0) {
    return (
      <div className="flex flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] border border-dashed border-line px-6 py-20 text-center">
        <Newspaper className="size-10 text-ink-muted" aria-hidden />
        <p className="text-[15px] text-ink-soft">{emptyText}</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <ul className={cn('grid gap-5', columns)} aria-busy={loading}>
        {feeds.map((feed) => (
          <li key={feed.id} className="flex">
            <FeedCard feed={feed} onOpen={onOpen} />
          </li>
        ))}
        {Array.from({ length: skeletonCount }, (_, i) => (
          <li key={`skeleton-${i}`} aria-hidden>
            <FeedCardSkeleton />
          </li>
        ))}
      </ul>
      {loading ? (
        <span role="status" className="sr-only">
          {feeds.length > 0 ? ko.common.loadingMore : ko.common.loading}
        </span>
      ) : null}
      {error ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
          <p className="text-[15px] text-red-600">{error}</p>
          <Button variant="outline" size="sm" onClick={() => void list.retry()}>
            {ko.common.retry}
          </Button>
        </div>
      ) : null}
      <div ref={sentinel} aria-hidden className="h-px" />
    </div>
  );
}
