import type { ClothesArchiveRequest, ClothesDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/clothes/{id}/archive (owner) — into the archive ('보관함', docs/api.md §10). */
export async function archiveClothes(clothesId: string, request: ClothesArchiveRequest): Promise<ClothesDto> {
  const { data } = await apiClient.post<ClothesDto>(
    `/api/clothes/${encodeURIComponent(clothesId)}/archive`,
    request,
  );
  return data;
}
