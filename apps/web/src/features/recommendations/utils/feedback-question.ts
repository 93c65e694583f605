import type { UnansweredDay } from '@otboo/contract';

/** Today's outfit is asked about from this Asia/Seoul hour: by then the day has been worn. */
export const ASK_TODAY_FROM_HOUR = 18;
/** Days remembered as asked, per user: the server offers only today and yesterday, so a few are plenty. */
const ASKED_KEPT = 7;
const KST_OFFSET_MS = 9 * 3_600_000;

/** The Asia/Seoul date and hour of an instant (Korea keeps UTC+9 all year). */
function seoul(now: number): { date: string; hour: number } {
  const shifted = new Date(now + KST_OFFSET_MS);
  return { date: shifted.toISOString().slice(0, 10), hour: shifted.getUTCHours() };
}

/**
 * The day the home asks about now ('오늘 옷차림은 어땠나요?', docs/product.md §2): of the days the server says were
 * worn and not answered (newest first), the newest that is over or is today from 18:00, and was not asked on this
 * device before (answered or dismissed). Null when there is nothing to ask.
 */
export function dayToAsk(
  days: readonly UnansweredDay[],
  now: number,
  asked: ReadonlySet<string>,
): UnansweredDay | null {
  const today = seoul(now);
  return (
    days.find(
      (d) =>
        !asked.has(d.date) &&
        (d.date < today.date || (d.date === today.date && today.hour >= ASK_TODAY_FROM_HOUR)),
    ) ?? null
  );
}

/** Whether `date` is today in Asia/Seoul (the question says '오늘' or '어제'). */
export const isSeoulToday = (date: string, now: number) => seoul(now).date === date;

const askedKey = (userId: string) => `otboo.feedback-asked.${userId}`;

/** The days already asked about on this device (answered or dismissed). */
export function readAsked(userId: string): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(askedKey(userId)) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((d): d is string => typeof d === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Remembers that `date` was asked about, so it is never asked again; only the newest few days are kept. */
export function rememberAsked(userId: string, date: string): void {
  const days = [...new Set([...readAsked(userId), date])].sort().slice(-ASKED_KEPT);
  try {
    localStorage.setItem(askedKey(userId), JSON.stringify(days));
  } catch {
    // Storage full or off: the question may come back once, which answering again simply replaces.
  }
}
