import type { PushSubscriptionDto, PushSubscriptionRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/push/subscriptions — this device's `PushSubscription.toJSON()` (docs/api.md §9.2). */
export async function createSubscription(
  subscription: PushSubscriptionRequest,
): Promise<PushSubscriptionDto> {
  const { data } = await apiClient.post<PushSubscriptionDto>('/api/push/subscriptions', subscription);
  return data;
}
