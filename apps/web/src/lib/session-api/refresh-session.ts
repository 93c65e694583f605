import { ko, type JwtDto } from '@otboo/contract';
import { answerError, ApiError, apiClient } from '@/lib/api-client';

/** POST /api/auth/refresh — a new access token from the HttpOnly refresh cookie. */
export async function refreshSession(): Promise<JwtDto> {
  const { data } = await apiClient.post<JwtDto>('/api/auth/refresh');
  return data;
}

/**
 * The answer of a refresh sent before the app ran (lib/session-api/early-refresh.ts), as `refreshSession` gives
 * one: the session, or the ApiError that axios would have raised (no answer: offline).
 */
export async function earlyRefreshAnswer(sent: Promise<Response>): Promise<JwtDto> {
  let response: Response;
  try {
    response = await sent;
  } catch {
    throw new ApiError(ko.offline.authFailed, null, null, { network: 'offline' });
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw answerError(response.status, data);
  return data as JwtDto;
}
