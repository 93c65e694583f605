import { queryOptions, skipToken } from '@tanstack/react-query';
import type { WeatherDto } from '@otboo/contract';
import { getWeathers } from '@/features/weather/api/get-weathers';
import { selectDay } from '@/features/weather/utils/select-day';
import { queryKeys } from '@/lib/query-keys';
import type { Coordinates } from '@/utils/get-coordinates';

/**
 * The five days at a place. `prefetchDay` is told the day the home will show (`askedDay`, else today) as soon as
 * they arrive, before any screen renders them: the start-up asks for its outfit at once (app/home-queries.ts).
 */
export function forecastQueryOptions(
  place: Coordinates | null,
  { askedDay = null, prefetchDay }: { askedDay?: string | null; prefetchDay?(day: WeatherDto): void } = {},
) {
  return queryOptions({
    queryKey: queryKeys.weather.forecast(place),
    queryFn: place
      ? async () => {
          const days = await getWeathers({ longitude: place.longitude, latitude: place.latitude });
          const day = selectDay(days, null, askedDay);
          if (day) prefetchDay?.(day);
          return days;
        }
      : skipToken,
  });
}
