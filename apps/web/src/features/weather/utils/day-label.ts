import { ko } from '@otboo/contract';

// Forecast days are Seoul calendar days, whatever the browser's time zone.
const seoulParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Seoul calendar date of an instant, as year, month (1–12) and day. */
export function seoulDate(instant: Date): { year: number; month: number; day: number } {
  const parts = Object.fromEntries(seoulParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

const dayNumber = ({ year, month, day }: ReturnType<typeof seoulDate>) =>
  Date.UTC(year, month - 1, day) / 86_400_000;

/** 'M월 D일' of a forecast day (Seoul). */
export function dayDate(forecastAt: string): string {
  const { month, day } = seoulDate(new Date(forecastAt));
  return ko.weather.dayDate(month, day);
}

/** 'M.D.' of a forecast day (Seoul): the strip's second line. */
export function dayShortDate(forecastAt: string): string {
  const { month, day } = seoulDate(new Date(forecastAt));
  return ko.weather.dayShortDate(month, day);
}

/**
 * The label of a forecast day (docs/product.md §2): 오늘, 내일, 모레, then the day of the week ('토요일'), so that
 * every day of the strip has a name and its date under it.
 */
export function dayLabel(forecastAt: string, now: Date = new Date()): string {
  const date = seoulDate(new Date(forecastAt));
  const days = dayNumber(date) - dayNumber(seoulDate(now));
  if (days === 0) return ko.weather.today;
  if (days === 1) return ko.weather.tomorrow;
  if (days === 2) return ko.weather.dayAfterTomorrow;
  // dayNumber counts days since 1970-01-01, a Thursday (4).
  return ko.weather.weekdays[(dayNumber(date) + 4) % 7] ?? dayDate(forecastAt);
}
