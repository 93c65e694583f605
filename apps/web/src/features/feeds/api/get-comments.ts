import type { CommentDto, CursorPage } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface CommentListParams {
  feedId: string;
  limit?: number;
  cursor?: string;
  idAfter?: string;
}

/** GET /api/feeds/{feedId}/comments — newest first. */
export async function getComments({ feedId, ...params }: CommentListParams): Promise<CursorPage<CommentDto>> {
  const { data } = await apiClient.get<CursorPage<CommentDto>>(
    `/api/feeds/${encodeURIComponent(feedId)}/comments`,
    { params },
  );
  return data;
}
