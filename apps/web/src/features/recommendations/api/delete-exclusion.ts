import type { RecommendationExclusionRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/**
 * DELETE /api/recommendations/exclusions — puts a garment taken out back into that day's recommendations (204).
 * The pair goes in the query, not a body (docs/api.md §4: some clients and proxies drop DELETE bodies).
 */
export async function deleteExclusion(request: RecommendationExclusionRequest): Promise<void> {
  await apiClient.delete('/api/recommendations/exclusions', { params: request });
}
