import { z } from 'zod';
import { OotdDto } from './clothes.js';
import { BooleanParam, Id, optionalParam } from './common.js';

/** A recommended piece: the OOTD shape plus why it was chosen (ours; the course frontend ignores it). */
export const RecommendedOotdDto = OotdDto.extend({
  /** Short Korean reason for this piece, e.g. '비 소식 · 방수 레인부츠'. */
  reason: z.string().optional(),
});
export type RecommendedOotdDto = z.infer<typeof RecommendedOotdDto>;

export const RecommendationDto = z.object({
  weatherId: z.string(),
  userId: z.string(),
  clothes: z.array(RecommendedOotdDto),
  /** Short Korean explanation shown in the panel. */
  reason: z.string(),
  /** Ours: the caller's garments taken out of this day's recommendations ('이 옷 빼기'). */
  excludedClothesIds: z.array(z.string()).optional(),
  /**
   * Ours: the °C the outfit was chosen for (apparent temperature, then the profile's sensitivity, then the learned
   * shift of docs/api.md §10), to one decimal.
   */
  personalTemperature: z.number().optional(),
});
export type RecommendationDto = z.infer<typeof RecommendationDto>;

/** '이 옷 빼기': the body of POST /api/recommendations/exclusions (ours, so strict: docs/api.md §9). */
export const RecommendationExclusionRequest = z.strictObject({ weatherId: Id, clothesId: Id });
export type RecommendationExclusionRequest = z.infer<typeof RecommendationExclusionRequest>;
/** The same pair as the query of DELETE /api/recommendations/exclusions, where other parameters are ignored. */
export const RecommendationExclusionQuery = RecommendationExclusionRequest.strip();

/** Pieces one outfit can hold at most (one per slot of docs/recommendations.md §2): the bound of `keepClothesIds`. */
export const KEEP_CLOTHES_MAX = 12;

/** `a,b` and a parameter given several times (`?keepClothesIds=a&keepClothesIds=b`) read the same. */
const idList = (v: unknown) =>
  (Array.isArray(v) ? v : [v]).flatMap((x) =>
    typeof x === 'string' ? x.split(',').filter((s) => s.trim() !== '') : [x],
  );

/**
 * GET /api/recommendations (docs/api.md §4): the day, the pieces to keep ('이 옷 빼기' asks again keeping
 * the rest), and `current`: the outfit now shown for the day instead of the next one ("다른 옷 추천").
 */
export const RecommendationQuery = z.object({
  weatherId: Id,
  keepClothesIds: optionalParam(z.preprocess(idList, z.array(Id).max(KEEP_CLOTHES_MAX))),
  current: optionalParam(BooleanParam),
});
export type RecommendationQuery = z.infer<typeof RecommendationQuery>;

/** How a day's outfit felt ('오늘 옷차림은 어땠나요?', docs/api.md §10). */
export const FEELINGS = ['COLD', 'JUST_RIGHT', 'HOT'] as const;
export const Feeling = z.enum(FEELINGS);
export type Feeling = z.infer<typeof Feeling>;

/** POST /api/recommendations/feedback: one answer per user and forecast day (again replaces it). */
export const RecommendationFeedbackRequest = z.strictObject({ weatherId: Id, feeling: Feeling });
export type RecommendationFeedbackRequest = z.infer<typeof RecommendationFeedbackRequest>;

/** The learned shift stays within this many °C either way. */
export const CALIBRATION_MAX_SHIFT = 5;

/** A recent day the user wore an outfit (an OOTD or the morning outfit) and has not said how it felt. */
export const UnansweredDay = z.object({ date: z.iso.date(), weatherId: z.string() });
export type UnansweredDay = z.infer<typeof UnansweredDay>;

/**
 * GET /api/recommendations/calibration: the learned temperature shift (°C, one decimal; negative dresses warmer)
 * and how many answers taught it. `unansweredDays` (ours, for the home's question): today and yesterday, newest
 * first, when the user wore an outfit that day and has not answered for it.
 */
export const CalibrationDto = z.object({
  shiftCelsius: z.number().min(-CALIBRATION_MAX_SHIFT).max(CALIBRATION_MAX_SHIFT),
  samples: z.number().int().min(0),
  unansweredDays: z.array(UnansweredDay).optional(),
});
export type CalibrationDto = z.infer<typeof CalibrationDto>;
