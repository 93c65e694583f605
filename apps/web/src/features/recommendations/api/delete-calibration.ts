import { apiClient } from '@/lib/api-client';

/** DELETE /api/recommendations/calibration — forgets the answers: the shift is 0 again (204). */
export async function deleteCalibration(): Promise<void> {
  await apiClient.delete('/api/recommendations/calibration');
}
