import type { ProfileDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/users/{id}/profiles */
export async function getProfile(userId: string): Promise<ProfileDto> {
  const { data } = await apiClient.get<ProfileDto>(`/api/users/${encodeURIComponent(userId)}/profiles`);
  return data;
}
