import type { CursorPage, DirectMessageDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface DirectMessageListParams {
  /** The other user of the conversation. */
  userId: string;
  limit?: number;
  cursor?: string;
  idAfter?: string;
}

/** GET /api/direct-messages?userId — one conversation, newest first, 20 a page (docs/product.md §7, docs/api.md §7). */
export async function getDirectMessages(
  params: DirectMessageListParams,
): Promise<CursorPage<DirectMessageDto>> {
  const { data } = await apiClient.get<CursorPage<DirectMessageDto>>('/api/direct-messages', {
    params: { limit: 20, ...params },
  });
  return data;
}
