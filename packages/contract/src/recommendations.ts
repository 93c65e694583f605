import { z } from 'zod';
import { OotdDto } from './clothes.js';

export const RecommendationDto = z.object({
  weatherId: z.string(),
  userId: z.string(),
  clothes: z.array(OotdDto),
  /** Short Korean explanation shown in the panel. */
  reason: z.string(),
});
export type RecommendationDto = z.infer<typeof RecommendationDto>;
