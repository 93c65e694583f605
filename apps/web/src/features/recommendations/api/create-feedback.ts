import type { RecommendationFeedbackRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/recommendations/feedback — how the day's outfit felt; answering a day again replaces it (204). */
export async function createFeedback(request: RecommendationFeedbackRequest): Promise<void> {
  await apiClient.post('/api/recommendations/feedback', request);
}
