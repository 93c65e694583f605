import { queryOptions } from '@tanstack/react-query';
import { getProfile } from '@/features/users/api/get-profile';
import { freshFor } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The start-up prefetch (app/renew-session-early.ts) answers the screens that mount right after it: asked again,
 * it held one of the browser's six connections while the weather waited (issue 18). A later visit asks again.
 */
const PROFILE_FRESH_MS = 5_000;

/**
 * A user's profile query: useProfile's, and the one the app asks for at start-up. Apart from the hook, so that the
 * start-up (in every screen's first scripts) does not carry useQuery.
 */
export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.users.profile(userId),
    queryFn: () => getProfile(userId),
    staleTime: freshFor(PROFILE_FRESH_MS),
  });
}
