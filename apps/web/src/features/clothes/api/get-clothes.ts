import type { ClothesDto, ClothesType, CursorPage } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface ClothesListParams {
  ownerId: string;
  limit?: number;
  cursor?: string;
  idAfter?: string;
  typeEqual?: ClothesType;
  keywordLike?: string;
}

/** GET /api/clothes — a cursor page of one owner's clothes, newest first. */
export async function getClothes(params: ClothesListParams): Promise<CursorPage<ClothesDto>> {
  const { data } = await apiClient.get<CursorPage<ClothesDto>>('/api/clothes', { params });
  return data;
}
