import type { CoordinatesQuery, Location } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/weathers/location — the KMA grid cell and Korean place names of a coordinate. */
export async function getLocation(params: CoordinatesQuery): Promise<Location> {
  const { data } = await apiClient.get<Location>('/api/weathers/location', { params });
  return data;
}
