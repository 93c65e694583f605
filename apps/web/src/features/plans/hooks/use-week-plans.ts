import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanRequest, WeatherDto } from '@otboo/contract';
import { useProfile } from '@/features/users/hooks/use-profile';
import { forecastQueryOptions } from '@/features/weather/api/forecast-query';
import { seoulDate } from '@/features/weather/utils/day-label';
import { autoPlans, deletePlan, getPlans, getWholeCloset, putPlan } from '@/features/plans/api/plans';
import { queryKeys } from '@/lib/query-keys';

const pad = (n: number) => String(n).padStart(2, '0');

/** The Seoul `YYYY-MM-DD` a forecast day describes. */
export function forecastDate(w: Pick<WeatherDto, 'forecastAt'>): string {
  const { year, month, day } = seoulDate(new Date(w.forecastAt));
  return `${year}-${pad(month)}-${pad(day)}`;
}

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
 * The five forecast days at the profile's location, by date. `hasLocation` is undefined until the profile is
 * known; without a location the week shows no weather and cannot fill itself.
 */
export function useWeekForecast(userId: string | undefined) {
  const profile = useProfile(userId);
  const location = profile.data?.location ?? null;
  const place = location ? { latitude: location.latitude, longitude: location.longitude } : null;
  const forecast = useQuery({ ...forecastQueryOptions(place), enabled: place !== null });
  const byDate = new Map<string, WeatherDto>((forecast.data ?? []).map((w) => [forecastDate(w), w]));
  return {
    hasLocation: profile.data ? location !== null : undefined,
    byDate,
    loading: forecast.isLoading,
  };
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
