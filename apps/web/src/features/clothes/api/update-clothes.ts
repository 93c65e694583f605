import type { ClothesDto, ClothesUpdateRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';
import { clothesFormData } from '@/features/clothes/utils/clothes-form-data';

/** PATCH /api/clothes/{id} (owner) — multipart: JSON part `request`, optional new image part `image`. */
export async function updateClothes(
  clothesId: string,
  request: ClothesUpdateRequest,
  image?: File | null,
): Promise<ClothesDto> {
  const { data } = await apiClient.patch<ClothesDto>(
    `/api/clothes/${encodeURIComponent(clothesId)}`,
    clothesFormData(request, image),
  );
  return data;
}
