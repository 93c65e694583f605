import type { ClothesAvailabilityRequest, ClothesDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** PUT /api/clothes/{id}/availability (owner) — laundry, lent, repair or available again (docs/api.md §10). */
export async function setClothesAvailability(
  clothesId: string,
  request: ClothesAvailabilityRequest,
): Promise<ClothesDto> {
  const { data } = await apiClient.put<ClothesDto>(
    `/api/clothes/${encodeURIComponent(clothesId)}/availability`,
    request,
  );
  return data;
}
