import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getFollowSummary } from '@/features/follows/api/get-follow-summary';
import { queryKeys } from '@/lib/query-keys';

/**
 * The follow summary of a user, with `reload` for after a follow or unfollow: it reloads every follow
 * query, since the counts and the follower lists changed with it. Errors are only logged
 * (docs/product.md §8).
 */
export function useFollowSummary(userId: string) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.follows.summary(userId),
    queryFn: () =>
      getFollowSummary(userId).catch((error: unknown) => {
        console.error(error);
        throw error;
      }),
  });
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.follows.all() }),
    [queryClient],
  );
  return { summary: data ?? null, reload };
}
