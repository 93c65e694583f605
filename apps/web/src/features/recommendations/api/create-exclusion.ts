import type { RecommendationExclusionRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/recommendations/exclusions — '이 옷 빼기': the garment is not proposed again for that forecast day (204). */
export async function createExclusion(request: RecommendationExclusionRequest): Promise<void> {
  await apiClient.post('/api/recommendations/exclusions', request);
}
