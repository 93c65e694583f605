import type { CursorPage, FeedDto, PrecipitationType, SkyStatus } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface FeedListParams {
  limit?: number;
  cursor?: string;
  idAfter?: string;
  sortBy?: 'createdAt' | 'likeCount';
  sortDirection?: string;
  keywordLike?: string;
  skyStatusEqual?: SkyStatus;
  precipitationTypeEqual?: PrecipitationType;
  authorIdEqual?: string;
}

/** GET /api/feeds — a cursor page of feeds. */
export async function getFeeds(params: FeedListParams): Promise<CursorPage<FeedDto>> {
  const { data } = await apiClient.get<CursorPage<FeedDto>>('/api/feeds', { params });
  return data;
}
