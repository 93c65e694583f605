import { z } from 'zod';
import { OotdDto } from './clothes.js';
import { Id } from './common.js';

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
