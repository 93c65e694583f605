import { QueryClient } from '@tanstack/react-query';

/**
 * A query client with the app's defaults. A failed read shows its error at once with a retry button (the
 * API client already renews an expired token once), and returning to the tab does not reload every list.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache of server data; the session store empties it when the session ends. */
export const queryClient = createQueryClient();
