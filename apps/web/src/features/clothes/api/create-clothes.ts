import type { ClothesCreateRequest, ClothesDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';
import { clothesFormData } from '@/features/clothes/utils/clothes-form-data';

/**
 * POST /api/clothes — multipart: JSON part `request`, optional image part `image`. `timeoutMs` gives an upload
 * longer than the client's 10 s (the bulk add sends several phone photos at once).
 */
export async function createClothes(
  request: ClothesCreateRequest,
  image?: File | null,
  options: { timeoutMs?: number } = {},
): Promise<ClothesDto> {
  const { data } = await apiClient.post<ClothesDto>(
    '/api/clothes',
    clothesFormData(request, image),
    options.timeoutMs === undefined ? undefined : { timeout: options.timeoutMs },
  );
  return data;
}
