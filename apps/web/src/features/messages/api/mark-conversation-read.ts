import { apiClient } from '@/lib/api-client';

/** PATCH /api/direct-messages/rooms/{userId}/read — every message that user sent me is read. */
export async function markConversationRead(partnerId: string): Promise<void> {
  await apiClient.patch(`/api/direct-messages/rooms/${encodeURIComponent(partnerId)}/read`);
}
