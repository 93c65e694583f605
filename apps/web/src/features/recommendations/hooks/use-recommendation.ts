import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ko, type RecommendationDto } from '@otboo/contract';
import {
  loadRecommendation,
  recommendationQueryOptions,
} from '@/features/recommendations/api/recommendation-query';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { isFromLastVisit } from '@/lib/query-persister';
import { toast } from '@/lib/toast';

export type RecommendationView =
  /** No forecast day selected yet. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /**
   * `closetEmpty`: nothing came back because the closet has nothing at all (not because nothing suits the day).
   * `lastReceived`: the outfit kept on the phone from an earlier visit, shown until the fresh one replaces it.
   */
  | { status: 'ready'; recommendation: RecommendationDto; closetEmpty: boolean; lastReceived?: boolean };

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : ko.recommendations.loadFailed;

/**
 * The recommendation for the selected day (docs/product.md §4: it reloads with the selected weather id). It asks
 * for the outfit now shown for the day (`current`), so looking at another day and back, or coming back to the
 * page, shows the same outfit; `another` asks for the next one ('다른 옷 추천') and shows it loading meanwhile, as
 * the first time. `isClosetEmpty` is asked only when an outfit comes back empty. `holdLastVisit`: the day was not
 * picked by hand (it is today, or the address's day), so an outfit kept from the last visit stands in for it.
 */
export function useRecommendation(
  weatherId: string | null,
  isClosetEmpty: () => Promise<boolean>,
  { holdLastVisit = false }: { holdLastVisit?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const { data, error, isPending, isFetching, isPlaceholderData, dataUpdatedAt, refetch } = useQuery({
    ...recommendationQueryOptions(weatherId ?? '', isClosetEmpty),
    enabled: weatherId !== null,
    // The fresh forecast may name today by another id than the kept one: the kept outfit stays, marked, until the
    // fresh one comes (no skeleton in between). A day picked by hand shows its own loading instead.
    placeholderData: (previous, previousQuery) =>
      holdLastVisit && previousQuery && isFromLastVisit(previousQuery.state.dataUpdatedAt)
        ? previous
        : undefined,
  });

  // The day is a variable, so the answer lands in its own day even if another is selected meanwhile.
  const next = useMutation({
    mutationFn: (forWeatherId: string) => loadRecommendation(forWeatherId, {}, isClosetEmpty),
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
  else
    view = {
      status: 'ready',
      recommendation: data.recommendation,
      closetEmpty: data.closetEmpty,
      lastReceived: isPlaceholderData || isFromLastVisit(dataUpdatedAt),
    };

  return { view, another, retry };
}
