import { queryOptions } from '@tanstack/react-query';
import {
  getRecommendation,
  type RecommendationOptions,
} from '@/features/recommendations/api/get-recommendation';
import type { RecommendationDto } from '@otboo/contract';
import { queryKeys } from '@/lib/query-keys';

/** What the recommendation query holds for a day. */
export interface RecommendationData {
  recommendation: RecommendationDto;
  closetEmpty: boolean;
}

/** Asks for a day's outfit; `isClosetEmpty` only when it comes back empty. */
export async function loadRecommendation(
  weatherId: string,
  options: RecommendationOptions,
  isClosetEmpty: () => Promise<boolean>,
): Promise<RecommendationData> {
  const recommendation = await getRecommendation(weatherId, options);
  // A failed closet check only costs the invitation to add clothes; the empty-grid text still shows.
  const closetEmpty = recommendation.clothes.length === 0 && (await isClosetEmpty().catch(() => false));
  return { recommendation, closetEmpty };
}

/** The outfit now shown for a day (`current`): the home's query, and what the start-up prefetches. */
export function recommendationQueryOptions(weatherId: string, isClosetEmpty: () => Promise<boolean>) {
  return queryOptions({
    queryKey: queryKeys.recommendations.detail(weatherId),
    queryFn: () => loadRecommendation(weatherId, { current: true }, isClosetEmpty),
  });
}
