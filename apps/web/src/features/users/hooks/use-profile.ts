import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ProfileDto } from '@otboo/contract';
import { profileQueryOptions } from '@/features/users/api/profile-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * A user's profile: the top bar's avatar, the settings form, the weather home's saved location and the
 * profile page all read the same cached copy. Nothing is asked without a user.
 */
export function useProfile(userId: string | undefined) {
  return useQuery({ ...profileQueryOptions(userId ?? ''), enabled: userId !== undefined });
}

/** The server returned a newer profile (a saved settings form): every screen shows it at once. */
export function setCachedProfile(queryClient: QueryClient, profile: ProfileDto): void {
  queryClient.setQueryData(queryKeys.users.profile(profile.userId), profile);
}
