import type { JwtDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/auth/sign-in — multipart `username` (the e-mail) and `password` (docs/api.md §3). */
export async function signIn(username: string, password: string): Promise<JwtDto> {
  const form = new FormData();
  form.append('username', username);
  form.append('password', password);
  const { data } = await apiClient.post<JwtDto>('/api/auth/sign-in', form);
  return data;
}
