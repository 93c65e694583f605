import type { ClothesCreateRequest, ClothesDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';
import { clothesFormData } from '@/features/clothes/utils/clothes-form-data';

/** POST /api/clothes — multipart: JSON part `request`, optional image part `image`. */
export async function createClothes(request: ClothesCreateRequest, image?: File | null): Promise<ClothesDto> {
  const { data } = await apiClient.post<ClothesDto>('/api/clothes', clothesFormData(request, image));
  return data;
}
