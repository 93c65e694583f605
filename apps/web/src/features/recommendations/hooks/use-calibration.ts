import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecommendationFeedbackRequest } from '@otboo/contract';
import { createFeedback } from '@/features/recommendations/api/create-feedback';
import { deleteCalibration } from '@/features/recommendations/api/delete-calibration';
import { getCalibration } from '@/features/recommendations/api/get-calibration';
import { queryKeys } from '@/lib/query-keys';

/**
 * The signed-in user's learned temperature shift (docs/api.md §10), with answering a day and resetting. Either
 * changes the shift, so the calibration and every day's outfit are asked again (the outfit now shown, for the new
 * temperature).
 */
export function useCalibration(enabled = true) {
  const queryClient = useQueryClient();
  const calibration = useQuery({
    queryKey: queryKeys.recommendations.calibration(),
    queryFn: getCalibration,
    enabled,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.recommendations.calibration() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.recommendations.details() }),
    ]);
  const answer = useMutation({
    mutationFn: (request: RecommendationFeedbackRequest) => createFeedback(request),
    onSuccess: refresh,
  });
  const reset = useMutation({ mutationFn: deleteCalibration, onSuccess: refresh });
  return { calibration, answer, reset };
}
