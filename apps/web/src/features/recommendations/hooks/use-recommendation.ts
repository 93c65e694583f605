import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ko, type RecommendationDto } from '@otboo/contract';
import { getRecommendation } from '@/features/recommendations/api/get-recommendation';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RecommendationView =
  /** No forecast day selected yet. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `closetEmpty`: nothing came back because the closet has nothing at all (not because nothing suits the day). */
  | { status: 'ready'; recommendation: RecommendationDto; closetEmpty: boolean };

/**
 * The recommendation for the selected day (docs/product.md §4: it reloads with the selected weather id).
 * `another` asks again for the same day, which gives the next outfit ('다른 옷 추천'); while any request
 * is on its way the panel shows it loading, as it does the first time. `isClosetEmpty` is asked only when
 * an outfit comes back empty.
 */
export function useRecommendation(weatherId: string | null, isClosetEmpty: () => Promise<boolean>) {
  const { data, error, isFetching, isPending, refetch } = useQuery({
    queryKey: queryKeys.recommendations.detail(weatherId ?? ''),
    queryFn: async () => {
      const recommendation = await getRecommendation(weatherId ?? '');
      // A failed closet check only costs the invitation to add clothes; the empty-grid text still shows.
      const closetEmpty = recommendation.clothes.length === 0 && (await isClosetEmpty().catch(() => false));
      return { recommendation, closetEmpty };
    },
    enabled: weatherId !== null,
  });

  const another = useCallback(() => void refetch(), [refetch]);

  let view: RecommendationView;
  if (weatherId === null) view = { status: 'idle' };
  else if (isFetching || isPending) view = { status: 'loading' };
  else if (error)
    view = {
      status: 'error',
      message: error instanceof ApiError ? error.message : ko.recommendations.loadFailed,
    };
  else view = { status: 'ready', recommendation: data.recommendation, closetEmpty: data.closetEmpty };

  // Retrying a failure and asking for another outfit are the same call.
  return { view, another, retry: another };
}
