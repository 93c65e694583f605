import { QueryClient } from '@tanstack/react-query';
import { KEPT_ON_DEVICE_MS } from '@/config/first-screen';
import { isOffline } from '@/lib/network';

/** How long an unused answer stays in memory: as long as its persisted copy may be restored (lib/query-persister.ts). */
export const QUERY_CACHE_TIME = KEPT_ON_DEVICE_MS;

/**
 * Offline, every answer held counts as fresh: a screen that has one shows it instead of asking again (on mount or
 * when its key changes; the request would only fail and turn the answer into an error), while one without an
 * answer asks, fails at once and shows the offline text. Online, answers are stale at once, as TanStack's default;
 * back online, the stale ones are asked again (refetchOnReconnect).
 */
const staleTime = freshFor(0);

/** A `staleTime` whose answers count as fresh for `ms` online, and, offline, like every answer (above). */
export function freshFor(ms: number): () => number {
  return () => (isOffline() ? Infinity : ms);
}

/**
 * A query client with the app's defaults. A failed read shows its error at once with a retry button (the
 * API client already renews an expired token once), and returning to the tab does not reload every list.
 * Requests always go out (`networkMode: 'always'`): offline, the API client refuses a write with a Korean message
 * and a read fails with one, instead of TanStack Query pausing them, which would leave a spinner turning and
 * send a paused write later without asking (docs/product.md "Offline").
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        networkMode: 'always',
        staleTime,
        gcTime: QUERY_CACHE_TIME,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The app's one cache of server data; the session store empties it when the session ends. */
export const queryClient = createQueryClient();
