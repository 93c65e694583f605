import type { ClothesDto, ClothesType, CursorPage } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface WardrobeParams {
  ownerId: string;
  typeEqual?: ClothesType;
  limit?: number;
  cursor?: string;
  idAfter?: string;
}

/** GET /api/clothes?ownerId — anyone's closet, read-only, for the profile's wardrobe drawer. */
export async function getClothes(params: WardrobeParams): Promise<CursorPage<ClothesDto>> {
  const { data } = await apiClient.get<CursorPage<ClothesDto>>('/api/clothes', { params });
  return data;
}
