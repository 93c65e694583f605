import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanRequest } from '@otboo/contract';
import { autoPlans, deletePlan, getPlans, getWholeCloset, putPlan } from '@/features/plans/api/plans';
import { queryKeys } from '@/lib/query-keys';

/**
 * The caller's plans from `from` to `to` (docs/api.md §10) with saving a day, clearing it and '자동으로 채우기'.
 * Every change asks every range again (the home's '오늘의 계획' too).
 */
export function useWeekPlans(from: string, to: string, enabled = true) {
  const queryClient = useQueryClient();
  const plans = useQuery({
    queryKey: queryKeys.plans.list({ from, to }),
    queryFn: () => getPlans(from, to),
    enabled,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.plans.all() });
  const save = useMutation({
    mutationFn: ({ date, request }: { date: string; request: PlanRequest }) => putPlan(date, request),
    onSuccess: refresh,
  });
  const clear = useMutation({ mutationFn: deletePlan, onSuccess: refresh });
  const auto = useMutation({
    mutationFn: (range: { from: string; to: string }) => autoPlans(range.from, range.to),
    onSuccess: refresh,
  });
  return { plans, save, clear, auto };
}

/**
 * The whole closet for the picker and for naming why a planned piece is away, asked again on every visit (its
 * availability changes on other pages and devices).
 */
export function useWholeCloset(ownerId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.plans.closet(ownerId ?? ''),
    queryFn: () => getWholeCloset(ownerId ?? ''),
    enabled: enabled && ownerId !== undefined,
    staleTime: 0,
  });
}
