/**
 * Calendar arithmetic in Asia/Seoul. Korea has kept UTC+9 without daylight saving since 1988, so a fixed
 * offset is exact and much cheaper than Intl on the request path.
 */
const KST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The Seoul calendar date (`YYYY-MM-DD`), hour (0–23) and minute of an instant. */
export function seoulParts(instant: Date | number): { date: string; hour: number; minute: number } {
  const shifted = new Date((typeof instant === 'number' ? instant : instant.getTime()) + KST_OFFSET_MS);
  return {
    date: shifted.toISOString().slice(0, 10),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** `YYYY-MM-DD` plus (or minus) whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant of a Seoul local date and hour. */
export function seoulInstant(date: string, hour: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000 - KST_OFFSET_MS);
}

/** Key of one local forecast hour, `YYYY-MM-DDTHH`, as the providers' series use it. */
export function hourKey(date: string, hour: number): string {
  return `${date}T${pad2(hour)}`;
}
