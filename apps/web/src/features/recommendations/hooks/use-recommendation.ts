import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ko, type RecommendationDto } from '@otboo/contract';
import {
  getRecommendation,
  type RecommendationOptions,
} from '@/features/recommendations/api/get-recommendation';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

export type RecommendationView =
  /** No forecast day selected yet. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `closetEmpty`: nothing came back because the closet has nothing at all (not because nothing suits the day). */
  | { status: 'ready'; recommendation: RecommendationDto; closetEmpty: boolean };

/** What the recommendation query holds for a day. */
export interface RecommendationData {
  recommendation: RecommendationDto;
  closetEmpty: boolean;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : ko.recommendations.loadFailed;

/**
 * The recommendation for the selected day (docs/product.md §4: it reloads with the selected weather id). It asks
 * for the outfit now shown for the day (`current`), so looking at another day and back, or coming back to the
 * page, shows the same outfit; `another` asks for the next one ('다른 옷 추천') and shows it loading meanwhile, as
 * the first time. `isClosetEmpty` is asked only when an outfit comes back empty.
 */
export function useRecommendation(weatherId: string | null, isClosetEmpty: () => Promise<boolean>) {
  const queryClient = useQueryClient();
  const load = useCallback(
    async (forWeatherId: string, options: RecommendationOptions): Promise<RecommendationData> => {
      const recommendation = await getRecommendation(forWeatherId, options);
      // A failed closet check only costs the invitation to add clothes; the empty-grid text still shows.
      const closetEmpty = recommendation.clothes.length === 0 && (await isClosetEmpty().catch(() => false));
      return { recommendation, closetEmpty };
    },
    [isClosetEmpty],
  );

  const { data, error, isPending, isFetching, refetch } = useQuery({
    queryKey: queryKeys.recommendations.detail(weatherId ?? ''),
    queryFn: () => load(weatherId ?? '', { current: true }),
    enabled: weatherId !== null,
  });

  // The day is a variable, so the answer lands in its own day even if another is selected meanwhile.
  const next = useMutation({
    mutationFn: (forWeatherId: string) => load(forWeatherId, {}),
    onSuccess: (answer, forWeatherId) =>
      queryClient.setQueryData(queryKeys.recommendations.detail(forWeatherId), answer),
    // The outfit shown stays; the toast says why no other came.
    onError: (failure) => toast.error(messageOf(failure)),
  });
  const { mutate } = next;
  const another = useCallback(() => {
    if (weatherId !== null) mutate(weatherId);
  }, [mutate, weatherId]);
  const retry = useCallback(() => void refetch(), [refetch]);

  const asking = next.isPending && next.variables === weatherId;
  let view: RecommendationView;
  if (weatherId === null) view = { status: 'idle' };
  // Asking the server again for the same day shows the outfit held meanwhile (it is the same one), not a skeleton.
  else if (isPending || asking || (error && isFetching)) view = { status: 'loading' };
  else if (error) view = { status: 'error', message: messageOf(error) };
  else view = { status: 'ready', recommendation: data.recommendation, closetEmpty: data.closetEmpty };

  return { view, another, retry };
}
