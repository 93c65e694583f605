import type { PushUnsubscribeRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** DELETE /api/push/subscriptions — forgets this device's endpoint (docs/api.md §9.2). */
export async function deleteSubscription(request: PushUnsubscribeRequest): Promise<void> {
  await apiClient.delete('/api/push/subscriptions', { data: request });
}
