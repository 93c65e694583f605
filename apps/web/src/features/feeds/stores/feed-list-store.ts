import type { FeedDto } from '@otboo/contract';
import { getFeeds, type FeedListParams } from '@/features/feeds/api/get-feeds';
import { createListStore, type ListStore } from '@/lib/create-list-store';

export type FeedFilterParams = Omit<FeedListParams, 'cursor' | 'idAfter'>;

/** Feeds load 10 at a time, newest first, always descending (spec §7 fixed values). */
export const FEED_LIST_DEFAULT_PARAMS: FeedFilterParams = {
  limit: 10,
  sortBy: 'createdAt',
  sortDirection: 'DESCENDING',
};

/** A list store over GET /api/feeds; each page that lists feeds makes its own. */
export function createFeedListStore(
  params: Partial<FeedFilterParams> = {},
): ListStore<FeedDto, FeedFilterParams> {
  return createListStore<FeedDto, FeedFilterParams>(getFeeds, { ...FEED_LIST_DEFAULT_PARAMS, ...params });
}
