import type { Location } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/weathers/locations — places whose Korean names match `query`, best match first (docs/api.md §9.1). */
export async function searchPlaces(query: string, limit: number, signal?: AbortSignal): Promise<Location[]> {
  const { data } = await apiClient.get<Location[]>('/api/weathers/locations', {
    params: { query, limit },
    signal,
  });
  return data;
}
