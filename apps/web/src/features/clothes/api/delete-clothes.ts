import { apiClient } from '@/lib/api-client';

/** DELETE /api/clothes/{id} (owner). */
export async function deleteClothes(clothesId: string): Promise<void> {
  await apiClient.delete(`/api/clothes/${encodeURIComponent(clothesId)}`);
}
