import { useQuery } from '@tanstack/react-query';
import { getClothesWear } from '@/features/clothes/api/get-clothes-wear';
import { queryKeys } from '@/lib/query-keys';

/** The garment page's wear record; asked again on each opening, as an OOTD may have been posted meanwhile. */
export function useClothesWear(clothesId: string | null) {
  return useQuery({
    queryKey: queryKeys.clothes.wear(clothesId ?? ''),
    queryFn: () => getClothesWear(clothesId ?? ''),
    enabled: clothesId !== null,
    staleTime: 0,
  });
}
