import type { TripCreateRequest, TripDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/trips — the caller's trips, newest first (docs/api.md §10). */
export async function getTrips(signal?: AbortSignal): Promise<TripDto[]> {
  const { data } = await apiClient.get<TripDto[]>('/api/trips', { signal });
  return data;
}

/** GET /api/trips/{id}. */
export async function getTrip(tripId: string, signal?: AbortSignal): Promise<TripDto> {
  const { data } = await apiClient.get<TripDto>(`/api/trips/${encodeURIComponent(tripId)}`, { signal });
  return data;
}

/** POST /api/trips — the days dressed for the place's weather and the packing list. */
export async function createTrip(request: TripCreateRequest): Promise<TripDto> {
  const { data } = await apiClient.post<TripDto>('/api/trips', request);
  return data;
}

/** PUT /api/trips/{id}/packing/{clothesId} — ticks or unticks a piece of the packing list. */
export async function setPacked(tripId: string, clothesId: string, packed: boolean): Promise<TripDto> {
  const { data } = await apiClient.put<TripDto>(
    `/api/trips/${encodeURIComponent(tripId)}/packing/${encodeURIComponent(clothesId)}`,
    { packed },
  );
  return data;
}

/** DELETE /api/trips/{id}. */
export async function deleteTrip(tripId: string): Promise<void> {
  await apiClient.delete(`/api/trips/${encodeURIComponent(tripId)}`);
}
