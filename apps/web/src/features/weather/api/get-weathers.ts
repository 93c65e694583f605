import type { CoordinatesQuery, WeatherDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/weathers — five forecast days for a place, today first (docs/api.md §4). */
export async function getWeathers(params: CoordinatesQuery): Promise<WeatherDto[]> {
  const { data } = await apiClient.get<WeatherDto[]>('/api/weathers', { params });
  return data;
}
