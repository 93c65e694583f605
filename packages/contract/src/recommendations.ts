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
