import { seoulToday, type ClothesDto } from '@otboo/contract';

/** OOTDs since the last wash that make the wash hint appear (docs/product.md §2 "Closet"). */
export const WASH_HINT_WEARS = 3;

/** `YYYY-MM-DD` → `2026. 11. 27.`, the way dates read elsewhere in the app (a Seoul calendar date, no time). */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-');
  return `${y}. ${m}. ${d}.`;
}

/** The piece is away today (laundry, lent, repair). */
export const isAway = (clothes: ClothesDto) => (clothes.availability?.state ?? 'AVAILABLE') !== 'AVAILABLE';

/** Today in Seoul, the earliest return date the server accepts. */
export const today = () => seoulToday();

/**
 * How many of the piece's OOTDs (newest first) were posted since it last came back from the laundry, or since
 * ever when it never went; null when the piece is away (no hint for a piece that cannot be worn).
 */
export function wearsSinceWash(clothes: ClothesDto, feeds: readonly { createdAt: string }[]): number | null {
  if (isAway(clothes)) return null;
  const washed = clothes.availability?.lastWashedAt;
  const since = washed ? Date.parse(washed) : Number.NEGATIVE_INFINITY;
  return feeds.filter((f) => Date.parse(f.createdAt) > since).length;
}
