import { useEffect, useState } from 'react';
import type { FeedDto } from '@otboo/contract';
import { getFeeds } from '@/features/feeds/api/get-feeds';
import { useSession } from '@/stores/session';

/** How many of the signed-in user's newest feeds are searched for an id given without its feed. */
export const LOOKUP_PAGE_SIZE = 10;

export type FeedLookup =
  { status: 'ready'; feed: FeedDto } | { status: 'loading' } | { status: 'missing' } | { status: 'idle' };

/**
 * The feed the detail dialog shows. API.md has no GET /api/feeds/{id}, so a caller that knows only an
 * id (the OOTD dialog right after posting) gets it from the signed-in user's newest feeds; any other
 * caller passes the feed it already holds as `initialFeed`.
 */
export function useFeedLookup(
  feedId: string | null,
  initialFeed: FeedDto | undefined,
  open: boolean,
): FeedLookup {
  const userId = useSession((s) => s.user?.id);
  const given = initialFeed && (feedId === null || initialFeed.id === feedId) ? initialFeed : undefined;
  const [found, setFound] = useState<{ id: string; feed: FeedDto | null } | null>(null);
  const needsLookup = !given && feedId !== null && open && userId !== undefined;

  useEffect(() => {
    if (!needsLookup || found?.id === feedId) return;
    let active = true;
    getFeeds({
      authorIdEqual: userId,
      limit: LOOKUP_PAGE_SIZE,
      sortBy: 'createdAt',
      sortDirection: 'DESCENDING',
    })
      .then((page) => page.data.find((feed) => feed.id === feedId) ?? null)
      .catch((error: unknown) => {
        console.error(error);
        return null;
      })
      .then((feed) => {
        if (active) setFound({ id: feedId, feed });
      });
    return () => {
      active = false;
    };
  }, [needsLookup, feedId, userId, found?.id]);

  if (given) return { status: 'ready', feed: given };
  if (feedId === null) return { status: 'idle' };
  if (found?.id === feedId) return found.feed ? { status: 'ready', feed: found.feed } : { status: 'missing' };
  return userId === undefined ? { status: 'missing' } : { status: 'loading' };
}
