import type { ClothesDto } from '@otboo/contract';
import { getClothes, type ClothesListParams } from '@/features/clothes/api/get-clothes';
import { createListStore } from '@/lib/create-list-store';

export type ClosetParams = Omit<ClothesListParams, 'cursor' | 'idAfter'>;

/**
 * The closet list: 20 per page (spec §9). No sortBy: the server lists a closet newest first, so a new garment
 * goes first, as the list store does for unsorted lists. The owner is set when the page opens.
 */
export const CLOSET_DEFAULT_PARAMS: ClosetParams = { ownerId: '', limit: 20 };

export const useCloset = createListStore<ClothesDto, ClosetParams>(getClothes, CLOSET_DEFAULT_PARAMS);

/** Whether a garment belongs in the list as filtered now (a new or edited one may not). */
export function matchesCloset(clothes: ClothesDto, params: ClosetParams): boolean {
  if (params.typeEqual && clothes.type !== params.typeEqual) return false;
  const keyword = params.keywordLike?.trim().toLowerCase();
  return !keyword || clothes.name.toLowerCase().includes(keyword);
}
