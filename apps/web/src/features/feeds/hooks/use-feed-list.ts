import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FeedDto } from '@otboo/contract';
import { getFeeds, type FeedListParams } from '@/features/feeds/api/get-feeds';
import { removeById, replaceById, type ListData } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import { useCursorList } from '@/lib/use-cursor-list';

export type FeedFilterParams = Omit<FeedListParams, 'cursor' | 'idAfter'>;

/** Feeds load 10 at a time, newest first, always descending (docs/product.md §7). */
export const FEED_LIST_DEFAULT_PARAMS: FeedFilterParams = {
  limit: 10,
  sortBy: 'createdAt',
  sortDirection: 'DESCENDING',
};

/** A feed changed (like, comment count, text): every cached feed list shows the new copy. */
export function replaceInFeedLists(queryClient: QueryClient, feed: FeedDto): void {
  queryClient.setQueriesData<ListData<FeedDto>>(
    { queryKey: queryKeys.feeds.lists() },
    (data) => data && replaceById(data, feed),
  );
}

/** A feed was deleted: it leaves every cached feed list. */
export function removeFromFeedLists(queryClient: QueryClient, feedId: string): void {
  queryClient.setQueriesData<ListData<FeedDto>>(
    { queryKey: queryKeys.feeds.lists() },
    (data) => data && removeById(data, feedId),
  );
}

/**
 * GET /api/feeds as a cursor list. `update` and `remove` reach every cached feed list, so the feeds page
 * and a profile showing the same feed stay in step.
 */
export function useFeedList(query: FeedFilterParams) {
  const queryClient = useQueryClient();
  const list = useCursorList<FeedDto, FeedFilterParams>({
    queryKey: queryKeys.feeds.list(query),
    fetchPage: getFeeds,
  });
  return {
    ...list,
    update: (feed: FeedDto) => replaceInFeedLists(queryClient, feed),
    remove: (feedId: string) => removeFromFeedLists(queryClient, feedId),
  };
}
