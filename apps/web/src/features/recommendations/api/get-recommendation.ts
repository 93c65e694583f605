import type { RecommendationDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/recommendations — an outfit from the caller's closet for a stored forecast day; asking again may give another. */
export async function getRecommendation(weatherId: string): Promise<RecommendationDto> {
  const { data } = await apiClient.get<RecommendationDto>('/api/recommendations', { params: { weatherId } });
  return data;
}
