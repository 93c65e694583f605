import type { DirectMessageRoomDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/direct-messages/rooms — my conversations, latest first, each with its last message and unread count. */
export async function getConversations(): Promise<DirectMessageRoomDto[]> {
  const { data } = await apiClient.get<DirectMessageRoomDto[]>('/api/direct-messages/rooms');
  return data;
}
