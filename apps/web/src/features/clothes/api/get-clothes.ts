import type { AvailabilityState, ClothesDto, ClothesType, CursorPage } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface ClothesListParams {
  ownerId: string;
  limit?: number;
  cursor?: string;
  idAfter?: string;
  typeEqual?: ClothesType;
  keywordLike?: string;
  /** Ours (docs/api.md §10): pieces in this state today. */
  availabilityEqual?: AvailabilityState;
  /** Ours (docs/api.md §10): the archive ('보관함') instead of the closet. */
  archived?: boolean;
}

/** GET /api/clothes — a cursor page of one owner's clothes, newest first. */
export async function getClothes(params: ClothesListParams): Promise<CursorPage<ClothesDto>> {
  const { data } = await apiClient.get<CursorPage<ClothesDto>>('/api/clothes', { params });
  return data;
}
