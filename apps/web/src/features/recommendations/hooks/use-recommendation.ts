import { useCallback, useEffect, useState } from 'react';
import { ko, type RecommendationDto } from '@otboo/contract';
import { getRecommendation } from '@/features/recommendations/api/get-recommendation';
import { ApiError } from '@/lib/api-client';

export type RecommendationView =
  /** No forecast day selected yet. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `closetEmpty`: nothing came back because the closet has nothing at all (not because nothing suits the day). */
  | { status: 'ready'; recommendation: RecommendationDto; closetEmpty: boolean };

type Loaded =
  { key: string; recommendation: RecommendationDto; closetEmpty: boolean } | { key: string; error: string };

/**
 * The recommendation for the selected day (spec §4: it reloads with the selected weather id). `another`
 * asks again for the same day, which gives the next outfit ('다른 옷 추천').
 * `isClosetEmpty` is asked only when an outfit comes back empty; it must keep its identity between renders.
 */
export function useRecommendation(weatherId: string | null, isClosetEmpty: () => Promise<boolean>) {
  const [round, setRound] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = weatherId === null ? null : `${weatherId}#${round}`;

  useEffect(() => {
    if (key === null || weatherId === null) return;
    let active = true;
    (async (): Promise<Loaded> => {
      try {
        const recommendation = await getRecommendation(weatherId);
        // A failed closet check only costs the invitation to add clothes; the empty-grid text still shows.
        const closetEmpty = recommendation.clothes.length === 0 && (await isClosetEmpty().catch(() => false));
        return { key, recommendation, closetEmpty };
      } catch (error) {
        return { key, error: error instanceof ApiError ? error.message : ko.recommendations.loadFailed };
      }
    })().then((next) => {
      if (active) setLoaded(next);
    });
    return () => {
      active = false;
    };
  }, [key, weatherId, isClosetEmpty]);

  const another = useCallback(() => setRound((n) => n + 1), []);

  let view: RecommendationView;
  if (key === null) view = { status: 'idle' };
  else if (loaded?.key !== key) view = { status: 'loading' };
  else if ('error' in loaded) view = { status: 'error', message: loaded.error };
  else view = { status: 'ready', recommendation: loaded.recommendation, closetEmpty: loaded.closetEmpty };

  // Retrying a failure and asking for another outfit are the same call.
  return { view, another, retry: another };
}
