import type { WeatherDto } from '@otboo/contract';
import { seoulDate } from '@/features/weather/utils/day-label';

/** `YYYY-MM-DD` of a forecast day in Seoul, as a notification names it. */
function isoDay(forecastAt: string): string {
  const { year, month, day } = seoulDate(new Date(forecastAt));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The day the weather home shows of `days`: the one the user picked (`selectedId`), else the one the address asks
 * for (`?date=`, a notification's day), else the first (today). The home and the start-up prefetch of its outfit
 * (app/home-queries.ts) pick the same way.
 */
export function selectDay(
  days: readonly WeatherDto[] | undefined,
  selectedId: string | null,
  askedDay: string | null,
): WeatherDto | undefined {
  return (
    days?.find((day) => day.id === selectedId) ??
    days?.find((day) => askedDay !== null && isoDay(day.forecastAt) === askedDay) ??
    days?.[0]
  );
}
