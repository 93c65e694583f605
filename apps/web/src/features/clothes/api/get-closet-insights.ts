import type { ClosetInsightsDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/clothes/insights — the caller's '옷장 리포트' (docs/api.md §9.4). */
export async function getClosetInsights(): Promise<ClosetInsightsDto> {
  const { data } = await apiClient.get<ClosetInsightsDto>('/api/clothes/insights');
  return data;
}
