import type { TripDto } from '@otboo/contract';

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

/** 'M월 D일 (요일)' of a calendar date `YYYY-MM-DD`. */
export function tripDayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${d.getUTCMonth() + 1}월 ${d.getUTCDate()}일 (${WEEKDAYS[d.getUTCDay()]})`;
}

/** 'M.D.' of a calendar date. */
export function tripShortDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${d.getUTCMonth() + 1}.${d.getUTCDate()}.`;
}

/** The place as the list and the title show it: its last two names ('강남구 역삼동'), or the only one. */
export function tripPlace(trip: Pick<TripDto, 'location'>): string {
  const names = trip.location.locationNames;
  return names.slice(-2).join(' ') || names.join(' ');
}

/** Pieces packed and pieces in all. */
export function packedCount(trip: Pick<TripDto, 'packingList'>): { packed: number; total: number } {
  return { packed: trip.packingList.filter((i) => i.packed).length, total: trip.packingList.length };
}

/** Today in Asia/Seoul as `YYYY-MM-DD`, and `n` days later. */
export function seoulDatePlus(n: number, now = Date.now()): string {
  return new Date(now + 9 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
}
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
