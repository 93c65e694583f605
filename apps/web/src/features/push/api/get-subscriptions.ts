import type { PushSubscriptionDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/push/subscriptions — the caller's devices, oldest first (docs/api.md §9.2). */
export async function getSubscriptions(): Promise<PushSubscriptionDto[]> {
  const { data } = await apiClient.get<PushSubscriptionDto[]>('/api/push/subscriptions');
  return data;
}
