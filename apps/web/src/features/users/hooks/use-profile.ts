import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ProfileDto } from '@otboo/contract';
import { getProfile } from '@/features/users/api/get-profile';
import { freshFor } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The start-up prefetch (app/renew-session-early.ts) answers the screens that mount right after it: asked again,
 * it held one of the browser's six connections while the weather waited (issue 18). A later visit asks again.
 */
const PROFILE_FRESH_MS = 5_000;

/**
 * A user's profile: the top bar's avatar, the settings form, the weather home's saved location and the
 * profile page all read the same cached copy. Nothing is asked without a user.
 */
export function useProfile(userId: string | undefined) {
  return useQuery({ ...profileQueryOptions(userId ?? ''), enabled: userId !== undefined });
}

/** The profile's query: useProfile's, and the one the app asks for at start-up. */
export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.users.profile(userId),
    queryFn: () => getProfile(userId),
    staleTime: freshFor(PROFILE_FRESH_MS),
  });
}

/** The server returned a newer profile (a saved settings form): every screen shows it at once. */
export function setCachedProfile(queryClient: QueryClient, profile: ProfileDto): void {
  queryClient.setQueryData(queryKeys.users.profile(profile.userId), profile);
}
