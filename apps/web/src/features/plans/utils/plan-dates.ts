import { ko, PLAN_LIMITS, type AvailabilityState, type ClothesDto } from '@otboo/contract';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus (or minus) whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The dates from `from`, `count` of them. */
export function datesFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/** '11월 28일 (토)' of a plan date. */
export function planDayTitle(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return ko.plans.dayTitle(d.getUTCMonth() + 1, d.getUTCDate(), ko.plans.weekdaysShort[d.getUTCDay()] ?? '');
}

/** The last date a plan may have: today + 13 (docs/api.md §10). */
export const lastPlannable = (today: string) => addDays(today, PLAN_LIMITS.daysAhead);

/** Whether a garment of the closet can be worn on the date (not in laundry, lent or repair then). */
export function availableOn(clothes: Pick<ClothesDto, 'availability' | 'archived'>, date: string): boolean {
  if (clothes.archived) return false;
  const a = clothes.availability;
  if (!a || a.state === 'AVAILABLE') return true;
  return a.until !== null && a.until < date;
}

/** The flag of a planned piece that cannot be worn on its day: its state when the closet knows it. */
export function awayFlag(state: AvailabilityState | 'ARCHIVED' | undefined): string {
  if (state === undefined || state === 'AVAILABLE') return ko.plans.awayFlag.UNAVAILABLE;
  return ko.plans.awayFlag[state];
}
