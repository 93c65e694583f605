import { useQuery } from '@tanstack/react-query';
import type { FeedDto } from '@otboo/contract';
import { getFeed } from '@/features/feeds/api/get-feed';
import { queryKeys } from '@/lib/query-keys';

export type FeedLookup =
  { status: 'ready'; feed: FeedDto } | { status: 'loading' } | { status: 'missing' } | { status: 'idle' };

/**
 * The feed the detail dialog shows. A caller that knows only an id (the OOTD dialog right after posting, a
 * notification's `/feeds?feedId=…`) gets it by GET /api/feeds/{id} (docs/api.md §9.9); any other caller passes
 * the feed it already holds as `initialFeed`.
 */
export function useFeedLookup(
  feedId: string | null,
  initialFeed: FeedDto | undefined,
  open: boolean,
): FeedLookup {
  const given = initialFeed && (feedId === null || initialFeed.id === feedId) ? initialFeed : undefined;
  const needsLookup = !given && feedId !== null && open;

  const found = useQuery({
    queryKey: queryKeys.feeds.detail(feedId ?? ''),
    queryFn: async (): Promise<FeedDto | null> => {
      try {
        return await getFeed(feedId ?? '');
      } catch (error) {
        // A deleted feed (404), or one that cannot be read now, is shown as missing.
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
  return { status: 'loading' };
}
