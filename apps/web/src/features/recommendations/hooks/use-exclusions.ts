import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ko, type RecommendationExclusionRequest } from '@otboo/contract';
import { createExclusion } from '@/features/recommendations/api/create-exclusion';
import { deleteExclusion } from '@/features/recommendations/api/delete-exclusion';
import { getRecommendation } from '@/features/recommendations/api/get-recommendation';
import type { RecommendationData } from '@/features/recommendations/api/recommendation-query';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

/** A recommended garment that can be taken out (a piece always has its garment's id in a recommendation). */
export interface ExcludablePiece {
  clothesId: string;
  name: string;
}

/**
 * The server's own Korean message ('본인의 옷만 추천에서 뺄 수 있습니다.', '옷을 찾을 수 없습니다.', the API
 * client's offline text); the screen's `fallback` when all there is is the generic 'API 요청에 실패했습니다.'.
 */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message !== ko.common.apiFailed ? error.message : fallback;
}

/**
 * '이 옷 빼기' and its undo for the selected forecast day (docs/api.md §4). Taking a piece out asks for the
 * day's outfit again keeping the rest of it, so only that card changes (for another piece of its kind, or it goes)
 * while the others stay in place; undoing asks for the day's outfit as it now stands, which puts the piece back
 * in its place. A failure leaves everything as it was and says why in a toast. `names` keeps the names of the
 * garments taken out here, for the '오늘 뺀 옷' list once they are no longer among the recommended pieces.
 */
export function useExclusions(weatherId: string | null) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [names, setNames] = useState<Readonly<Record<string, string>>>({});

  const setPendingFor = useCallback((clothesId: string, on: boolean) => {
    setPending((current) => {
      const next = new Set(current);
      if (on) next.add(clothesId);
      else next.delete(clothesId);
      return next;
    });
  }, []);

  // Awaited, so that the card's button stays disabled until the outfit without it has come.
  const reload = useCallback(
    (forWeatherId: string) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.recommendations.detail(forWeatherId) }),
    [queryClient],
  );

  /** The day's outfit with `clothesId` swapped: the rest of the outfit shown is kept. */
  const swap = useCallback(
    async (forWeatherId: string, clothesId: string) => {
      const key = queryKeys.recommendations.detail(forWeatherId);
      const shown = queryClient.getQueryData<RecommendationData>(key)?.recommendation.clothes ?? [];
      const rest = shown.flatMap((c) => (c.clothesId && c.clothesId !== clothesId ? [c.clothesId] : []));
      try {
        const recommendation = await getRecommendation(forWeatherId, { keepClothesIds: rest });
        queryClient.setQueryData<RecommendationData>(key, { recommendation, closetEmpty: false });
      } catch {
        // A kept piece changed meanwhile (deleted, or taken out elsewhere): the day's outfit as it now stands.
        await reload(forWeatherId);
      }
    },
    [queryClient, reload],
  );

  const undoRequest = useCallback(
    async (request: RecommendationExclusionRequest) => {
      setPendingFor(request.clothesId, true);
      try {
        await deleteExclusion(request);
        await reload(request.weatherId);
      } catch (error) {
        toast.error(failureText(error, ko.recommendations.undoFailed));
      } finally {
        setPendingFor(request.clothesId, false);
      }
    },
    [reload, setPendingFor],
  );

  const excludeRequest = useCallback(
    async (piece: ExcludablePiece) => {
      if (weatherId === null) return;
      // The toast's undo is for this day even if another day is selected by then.
      const request = { weatherId, clothesId: piece.clothesId };
      setPendingFor(piece.clothesId, true);
      try {
        await createExclusion(request);
        setNames((current) => ({ ...current, [piece.clothesId]: piece.name }));
        toast.success(ko.recommendations.excluded, {
          label: ko.recommendations.undo,
          onClick: () => void undoRequest(request),
        });
        await swap(weatherId, piece.clothesId);
      } catch (error) {
        toast.error(failureText(error, ko.recommendations.excludeFailed));
      } finally {
        setPendingFor(piece.clothesId, false);
      }
    },
    [weatherId, swap, setPendingFor, undoRequest],
  );

  const exclude = useCallback((piece: ExcludablePiece) => void excludeRequest(piece), [excludeRequest]);

  const undo = useCallback(
    (clothesId: string) => {
      if (weatherId !== null) void undoRequest({ weatherId, clothesId });
    },
    [weatherId, undoRequest],
  );

  return { exclude, undo, pending, names };
}
