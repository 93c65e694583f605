import type { CommentCreateRequest, CommentDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/feeds/{id}/comments */
export async function createComment(body: CommentCreateRequest): Promise<CommentDto> {
  const { data } = await apiClient.post<CommentDto>(
    `/api/feeds/${encodeURIComponent(body.feedId)}/comments`,
    body,
  );
  return data;
}
