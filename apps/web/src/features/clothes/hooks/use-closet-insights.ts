import { useQuery } from '@tanstack/react-query';
import { getClosetInsights } from '@/features/clothes/api/get-closet-insights';
import { queryKeys } from '@/lib/query-keys';

/** The '옷장 리포트' of the signed-in user; asked again on each visit, as the closet may have changed. */
export function useClosetInsights(enabled = true) {
  return useQuery({ queryKey: queryKeys.clothes.insights(), queryFn: getClosetInsights, enabled });
}
