import { z } from 'zod';
import { OotdDto } from './clothes.js';
import { Id, LocalDate } from './common.js';
import { safeText } from './safe-text.js';
import { ko } from './texts.ko.js';
import { WeatherDto } from './weather.js';

/** '이번 주 코디' (docs/api.md §10): how far ahead a day can be planned, and the bounds of one plan. */
export const PLAN_LIMITS = {
  /** A plan's date: today (Asia/Seoul) to today + this many days. */
  daysAhead: 13,
  /** Days one GET /api/plans may span (both ends included). */
  rangeMaxDays: 31,
  clothesMin: 1,
  clothesMax: 10,
  noteMax: 100,
} as const;

/**
 * One planned day. `weather`: the stored forecast for that date at the profile location, when there is one.
 * `unavailableClothesIds` (ours): the planned pieces that cannot be worn that day (in laundry, lent or repair on
 * that date, or archived), which the week flags.
 */
export const PlanDto = z.object({
  date: z.string(),
  clothes: z.array(OotdDto),
  note: z.string().nullable(),
  weather: WeatherDto.nullable(),
  unavailableClothesIds: z.array(z.string()),
});
export type PlanDto = z.infer<typeof PlanDto>;

const PlanDate = LocalDate(ko.plans.dateInvalid);

/** `/api/plans/{date}`. */
export const PlanDateParams = z.object({ date: PlanDate });
export type PlanDateParams = z.infer<typeof PlanDateParams>;

/** PUT /api/plans/{date}: 1–10 of the caller's garments (repeats count once) and an optional note. */
export const PlanRequest = z.strictObject({
  clothesIds: z
    .array(Id, { message: ko.plans.clothesRequired })
    .min(PLAN_LIMITS.clothesMin, ko.plans.clothesRequired)
    .max(PLAN_LIMITS.clothesMax, ko.plans.clothesTooMany),
  note: z
    .string()
    .max(PLAN_LIMITS.noteMax, ko.plans.noteTooLong)
    .check(safeText)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
});
export type PlanRequest = z.input<typeof PlanRequest>;

/** GET /api/plans?from&to and the body of POST /api/plans/auto: a range of dates, both ends included. */
export const PlanRangeQuery = z.object({ from: PlanDate, to: PlanDate });
export type PlanRangeQuery = z.infer<typeof PlanRangeQuery>;
export const PlanAutoRequest = z.strictObject({ from: PlanDate, to: PlanDate });
export type PlanAutoRequest = z.infer<typeof PlanAutoRequest>;

export const PlanList = z.array(PlanDto);
export type PlanList = z.infer<typeof PlanList>;
