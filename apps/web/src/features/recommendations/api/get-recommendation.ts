import type { RecommendationDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface RecommendationOptions {
  /** The outfit now shown for the day, not the next one (docs/api.md §4): the day's outfit stays put. */
  current?: boolean;
  /** Pieces the outfit must hold ('이 옷 빼기' keeps the rest of it, docs/api.md §4). */
  keepClothesIds?: readonly string[];
}

/**
 * GET /api/recommendations — an outfit from the caller's closet for a stored forecast day. Without options it is
 * the next outfit of the day ('다른 옷 추천'); `current` asks for the one now shown, `keepClothesIds` for it
 * holding those pieces.
 */
export async function getRecommendation(
  weatherId: string,
  { current, keepClothesIds }: RecommendationOptions = {},
): Promise<RecommendationDto> {
  const params: Record<string, string> = { weatherId };
  if (current) params.current = 'true';
  if (keepClothesIds?.length) params.keepClothesIds = keepClothesIds.join(',');
  const { data } = await apiClient.get<RecommendationDto>('/api/recommendations', { params });
  return data;
}
