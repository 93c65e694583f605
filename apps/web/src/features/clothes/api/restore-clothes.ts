import type { ClothesDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/clothes/{id}/restore (owner) — back from the archive into the closet (docs/api.md §10). */
export async function restoreClothes(clothesId: string): Promise<ClothesDto> {
  const { data } = await apiClient.post<ClothesDto>(`/api/clothes/${encodeURIComponent(clothesId)}/restore`);
  return data;
}
