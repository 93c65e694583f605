import type { ClothesWearDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/clothes/{id}/wear — how often the owner wore a garment and the newest OOTDs it is in (docs/api.md §9.8). */
export async function getClothesWear(clothesId: string): Promise<ClothesWearDto> {
  const { data } = await apiClient.get<ClothesWearDto>(`/api/clothes/${encodeURIComponent(clothesId)}/wear`);
  return data;
}
