import { seoulInstant, seoulParts, addDays } from '../../lib/seoul-time.js';

/** 단기예보 issue hours (KST). */
export const KMA_ISSUE_HOURS = [2, 5, 8, 11, 14, 17, 20, 23] as const;
/** An issue can be fetched about ten minutes after its base time (API guide: "API 제공 시간 02:10, 05:10, …"). */
export const KMA_PUBLICATION_DELAY_MINUTES = 10;

export interface KmaBase {
  /** `YYYYMMDD` */
  baseDate: string;
  /** `HHMM` */
  baseTime: string;
  issuedAt: Date;
}

/** The newest 단기예보 issue available at `now`: before 02:10 that is yesterday's 23:00. */
export function kmaBaseTime(now: Date): KmaBase {
  const { date, hour, minute } = seoulParts(now);
  const minutes = hour * 60 + minute;
  let baseDate = date;
  let baseHour: number | undefined;
  for (const h of KMA_ISSUE_HOURS) if (h * 60 + KMA_PUBLICATION_DELAY_MINUTES <= minutes) baseHour = h;
  if (baseHour === undefined) {
    baseDate = addDays(date, -1);
    baseHour = 23;
  }
  return {
    baseDate: baseDate.replaceAll('-', ''),
    baseTime: `${String(baseHour).padStart(2, '0')}00`,
    issuedAt: seoulInstant(baseDate, baseHour),
  };
}
