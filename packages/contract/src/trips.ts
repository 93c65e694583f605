import { z } from 'zod';
import { ClothesType, OotdDto } from './clothes.js';
import { Id, LocalDate, seoulToday } from './common.js';
import { ko } from './texts.ko.js';
import { Location } from './weather.js';

/** Trips and packing lists (docs/api.md §10): how far ahead a trip may start, how long it may last, how many a user keeps. */
export const TRIP_LIMITS = {
  /** `from` is today … today + this many days (Asia/Seoul). */
  startWithinDays: 60,
  /** `to` is `from` … `from` + this many days: at most 14 days. */
  lastDaysMax: 14,
  /** Trips one user keeps at most; deleting one makes room. */
  perUser: 50,
} as const;

const DAY_MS = 86_400_000;
/** `date` + `n` days (`YYYY-MM-DD`, calendar arithmetic in UTC). */
export function addIsoDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
/** Whole days from `a` to `b` (`YYYY-MM-DD`). */
export function isoDaysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** A coordinate of a JSON body: a number (not a numeric string) within its range. */
const coordinate = (limit: number, message: string) =>
  z.number({ message }).refine((v) => Number.isFinite(v) && v >= -limit && v <= limit, message);

/** `POST /api/trips` (ours, strict): where and when; the dates are checked against today in Asia/Seoul. */
export const TripCreateRequest = z
  .strictObject({
    longitude: coordinate(180, ko.validation.longitudeRange),
    latitude: coordinate(90, ko.validation.latitudeRange),
    from: LocalDate(ko.trips.dateInvalid),
    to: LocalDate(ko.trips.dateInvalid),
  })
  .superRefine((v, ctx) => {
    const today = seoulToday();
    if (v.from < today) ctx.addIssue({ code: 'custom', path: ['from'], message: ko.trips.fromPast });
    else if (v.from > addIsoDays(today, TRIP_LIMITS.startWithinDays))
      ctx.addIssue({ code: 'custom', path: ['from'], message: ko.trips.fromTooFar });
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: ko.trips.toBeforeFrom });
    else if (isoDaysBetween(v.from, v.to) >= TRIP_LIMITS.lastDaysMax)
      ctx.addIssue({ code: 'custom', path: ['to'], message: ko.trips.tooLong });
  });
export type TripCreateRequest = z.infer<typeof TripCreateRequest>;

export const TRIP_DAY_SOURCES = ['forecast', 'climatology'] as const;
export const TripDaySource = z.enum(TRIP_DAY_SOURCES);
export type TripDaySource = z.infer<typeof TripDaySource>;

export const TripDayDto = z.object({
  date: z.string(),
  /** `forecast`: the 5-day forecast at the place; `climatology`: the month's normals there ('평년 기후'). */
  source: TripDaySource,
  temperature: z.object({ min: z.number(), max: z.number() }),
  precipitationProbability: z.number(),
  outfit: z.array(OotdDto),
});
export type TripDayDto = z.infer<typeof TripDayDto>;

export const PackingItemDto = z.object({
  clothesId: z.string(),
  name: z.string(),
  type: ClothesType,
  imageUrl: z.string().nullable(),
  /** Ours: the small picture, like OotdDto's. */
  thumbnailUrl: z.string().nullable(),
  /** How many of the trip's outfits use the piece. */
  days: z.number().int(),
  /** Ours (docs/api.md §10, the packing checklist): ticked as packed. */
  packed: z.boolean(),
});
export type PackingItemDto = z.infer<typeof PackingItemDto>;

export const TripDto = z.object({
  id: z.string(),
  location: Location,
  from: z.string(),
  to: z.string(),
  days: z.array(TripDayDto),
  packingList: z.array(PackingItemDto),
  createdAt: z.string(),
});
export type TripDto = z.infer<typeof TripDto>;
export const TripList = z.array(TripDto);

export const TripIdParams = z.object({ tripId: Id });
export const TripItemParams = z.object({ tripId: Id, clothesId: Id });

/** Ours: `PUT /api/trips/{id}/packing/{clothesId}` ticks or unticks a piece of the packing list. */
export const PackingUpdateRequest = z.strictObject({
  packed: z.boolean({ message: ko.trips.packedInvalid }),
});
export type PackingUpdateRequest = z.infer<typeof PackingUpdateRequest>;
