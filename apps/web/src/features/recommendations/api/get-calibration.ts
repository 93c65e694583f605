import type { CalibrationDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/recommendations/calibration — the learned shift, its number of answers and the days left to answer. */
export async function getCalibration(): Promise<CalibrationDto> {
  const { data } = await apiClient.get<CalibrationDto>('/api/recommendations/calibration');
  return data;
}
