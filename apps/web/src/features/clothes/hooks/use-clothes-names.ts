import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '@otboo/contract';
import { getClothes } from '@/features/clothes/api/get-clothes';
import { nextPageCursor, type PageCursor } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';

/**
 * The names of some of `ownerId`'s garments, by id (there is no GET /api/clothes/{id}, docs/api.md §5): the
 * closet is read newest first, in the largest pages, until every id is found or the closet ends. A garment not
 * found (deleted since) has no entry. Nothing is asked while `ids` is empty.
 */
export function useClothesNames(ownerId: string | undefined, ids: readonly string[]) {
  const wanted = [...new Set(ids)].sort();
  return useQuery({
    queryKey: queryKeys.clothes.names({ ownerId: ownerId ?? '', ids: wanted.join(',') }),
    queryFn: async () => {
      const names: Record<string, string> = {};
      const missing = new Set(wanted);
      let cursor: PageCursor | undefined = {};
      while (cursor && missing.size > 0) {
        const page = await getClothes({ ownerId: ownerId ?? '', limit: LIMITS.pageMax, ...cursor });
        for (const clothes of page.data) {
          if (!missing.delete(clothes.id)) continue;
          names[clothes.id] = clothes.name;
        }
        cursor = nextPageCursor(page);
      }
      return names;
    },
    enabled: ownerId !== undefined && wanted.length > 0,
  });
}
