import type { PushPublicKeyDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/push/public-key — the server's VAPID public key, base64url (docs/api.md §9.2). */
export async function getPublicKey(): Promise<string> {
  const { data } = await apiClient.get<PushPublicKeyDto>('/api/push/public-key');
  return data.publicKey;
}
