import { type QueryClient } from '@tanstack/react-query';
import type { ClothesDto } from '@otboo/contract';
import { getClothes, type ClothesListParams } from '@/features/clothes/api/get-clothes';
import { insertSorted, removeById, replaceById, type ListData } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import { useCursorList } from '@/lib/use-cursor-list';

export type ClothesQuery = Omit<ClothesListParams, 'cursor' | 'idAfter'>;

/** The closet loads 20 at a time (docs/product.md §9). */
export const CLOSET_PAGE_SIZE = 20;

/**
 * One owner's clothes as a cursor list. No sortBy: the server lists a closet newest first, so a new
 * garment goes first.
 */
export function useClothesList(query: ClothesQuery, enabled = true) {
  return useCursorList<ClothesDto, ClothesQuery>({
    queryKey: queryKeys.clothes.list(query),
    fetchPage: getClothes,
    enabled,
  });
}

/** Whether a garment belongs in a list with this query (a new or edited one may not). */
export function matchesClothesQuery(clothes: ClothesDto, query: ClothesQuery): boolean {
  if (clothes.ownerId !== query.ownerId) return false;
  if (query.typeEqual && clothes.type !== query.typeEqual) return false;
  // The closet and the archive never share a piece (docs/api.md §10).
  if (Boolean(query.archived) !== Boolean(clothes.archived)) return false;
  if (query.availabilityEqual && (clothes.availability?.state ?? 'AVAILABLE') !== query.availabilityEqual)
    return false;
  const keyword = query.keywordLike?.trim().toLowerCase();
  return !keyword || clothes.name.toLowerCase().includes(keyword);
}

/** Applies `change` to every cached clothes list, given the list's query. */
function updateClothesLists(
  queryClient: QueryClient,
  change: (data: ListData<ClothesDto>, query: ClothesQuery) => ListData<ClothesDto>,
): void {
  const lists = queryClient.getQueriesData<ListData<ClothesDto>>({ queryKey: queryKeys.clothes.lists() });
  for (const [key, data] of lists) {
    const query = key[2] as ClothesQuery | undefined;
    if (data && query) queryClient.setQueryData(key, change(data, query));
  }
}

/** A garment was added: it goes first in every cached list it belongs in (the closet, the profile drawer). */
export function addToClothesLists(queryClient: QueryClient, clothes: ClothesDto): void {
  updateClothesLists(queryClient, (data, query) =>
    matchesClothesQuery(clothes, query) ? insertSorted(data, clothes, {}) : data,
  );
}

/** A garment was edited: it is replaced where it still belongs and removed where it no longer does. */
export function replaceInClothesLists(queryClient: QueryClient, clothes: ClothesDto): void {
  updateClothesLists(queryClient, (data, query) =>
    matchesClothesQuery(clothes, query) ? replaceById(data, clothes) : removeById(data, clothes.id),
  );
}

/** A garment was deleted: it leaves every cached list. */
export function removeFromClothesLists(queryClient: QueryClient, clothesId: string): void {
  updateClothesLists(queryClient, (data) => removeById(data, clothesId));
}
