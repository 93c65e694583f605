import { useQuery } from '@tanstack/react-query';
import type { FeedDto } from '@otboo/contract';
import { getFeeds } from '@/features/feeds/api/get-feeds';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/stores/session';

/** How many of the signed-in user's newest feeds are searched for an id given without its feed. */
export const LOOKUP_PAGE_SIZE = 10;

export type FeedLookup =
  { status: 'ready'; feed: FeedDto } | { status: 'loading' } | { status: 'missing' } | { status: 'idle' };

/**
 * The feed the detail dialog shows. The API has no GET /api/feeds/{id} (docs/api.md), so a caller that
 * knows only an id (the OOTD dialog right after posting) gets it from the signed-in user's newest feeds;
 * any other caller passes the feed it already holds as `initialFeed`.
 */
export function useFeedLookup(
  feedId: string | null,
  initialFeed: FeedDto | undefined,
  open: boolean,
): FeedLookup {
  const userId = useSession((s) => s.user?.id);
  const given = initialFeed && (feedId === null || initialFeed.id === feedId) ? initialFeed : undefined;
  const needsLookup = !given && feedId !== null && open && userId !== undefined;

  const found = useQuery({
    queryKey: queryKeys.feeds.detail(feedId ?? ''),
    queryFn: async (): Promise<FeedDto | null> => {
      try {
        const page = await getFeeds({
          authorIdEqual: userId,
          limit: LOOKUP_PAGE_SIZE,
          sortBy: 'createdAt',
          sortDirection: 'DESCENDING',
        });
        return page.data.find((feed) => feed.id === feedId) ?? null;
      } catch (error) {
        // A feed that cannot be looked up is shown as missing.
        console.error(error);
        return null;
      }
    },
    enabled: needsLookup,
  });

  if (given) return { status: 'ready', feed: given };
  if (feedId === null) return { status: 'idle' };
  if (found.data !== undefined)
    return found.data ? { status: 'ready', feed: found.data } : { status: 'missing' };
  return userId === undefined ? { status: 'missing' } : { status: 'loading' };
}
