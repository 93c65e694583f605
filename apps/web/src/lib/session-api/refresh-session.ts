import type { JwtDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/auth/refresh — a new access token from the HttpOnly refresh cookie. */
export async function refreshSession(): Promise<JwtDto> {
  const { data } = await apiClient.post<JwtDto>('/api/auth/refresh');
  return data;
}
