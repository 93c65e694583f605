import type { ClothesBatchUpdateRequest, ClothesDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** PATCH /api/clothes/batch — one type and/or attribute value on several of the caller's garments (docs/api.md §9.6). */
export async function updateClothesBatch(request: ClothesBatchUpdateRequest): Promise<ClothesDto[]> {
  const { data } = await apiClient.patch<ClothesDto[]>('/api/clothes/batch', request);
  return data;
}
