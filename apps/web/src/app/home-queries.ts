import type { QueryClient } from '@tanstack/react-query';
import type { Location, WeatherDto } from '@otboo/contract';
import { getClothes } from '@/features/clothes/api/get-clothes';
import { recommendationQueryOptions } from '@/features/recommendations/api/recommendation-query';
import { profileQueryOptions } from '@/features/users/api/profile-query';
import { forecastQueryOptions } from '@/features/weather/api/forecast-query';
import { selectDay } from '@/features/weather/utils/select-day';
import { queryKeys } from '@/lib/query-keys';

/**
 * An answer the start-up got this recently is not asked for again by the start-up itself (the kept day's outfit
 * may have come back before the days that name the same day).
 */
const PREFETCHED_FRESH_MS = 5_000;

/** Whether the user's closet has nothing at all: asked only when an outfit comes back empty. */
export function closetEmptyCheck(userId: string): () => Promise<boolean> {
  return async () => (await getClothes({ ownerId: userId, limit: 1 })).totalCount === 0;
}

type Place = Pick<Location, 'longitude' | 'latitude'>;

const samePlace = (a: Place, b: Place | null | undefined) =>
  b !== null && b !== undefined && a.longitude === b.longitude && a.latitude === b.latitude;

/**
 * Starts the weather home's data as the app starts, before the home's code has run (issue 23): the profile and,
 * beside it, the five days at the place the phone kept from the profile and the outfit of the kept day; the outfit
 * of the fresh day as soon as the days arrive. Each waits only for the session renewal already on its way
 * (lib/api-client.ts), so the fresh answers come about one round trip after the renewal instead of a chain of them.
 * Without a kept place (a first visit) the days follow the profile's answer. A place from the device is the home's
 * to ask.
 */
export function startHome(queryClient: QueryClient, userId: string, askedDay: string | null): void {
  const prefetch = <T extends { queryKey: readonly unknown[] }>(options: T) =>
    void queryClient.prefetchQuery({ ...options, staleTime: PREFETCHED_FRESH_MS });
  const prefetchOutfit = (day: WeatherDto) =>
    prefetch(recommendationQueryOptions(day.id, closetEmptyCheck(userId)));
  const startPlace = (place: Place) => {
    const keptDay = selectDay(queryClient.getQueryData(queryKeys.weather.forecast(place)), null, askedDay);
    if (keptDay) prefetchOutfit(keptDay);
    prefetch(forecastQueryOptions(place, { askedDay, prefetchDay: prefetchOutfit }));
  };

  const profile = profileQueryOptions(userId);
  const kept = queryClient.getQueryData(profile.queryKey)?.location;
  if (kept) startPlace(kept);
  queryClient
    .fetchQuery(profile)
    .then(({ location }) => {
      // A first visit, or a place saved since on another device.
      if (location && !samePlace(location, kept)) startPlace(location);
    })
    .catch(() => {
      // The home shows the failure when it asks for the profile itself.
    });
}
