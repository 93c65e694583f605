import { ApiError, isOfflineError } from '@/lib/api-client';

/**
 * The text of a failed plan write: offline, the API client's '오프라인 상태라…'; a refusal of the request (a piece
 * away that day, no location, …), the server's Korean message, which says what to do; otherwise `fallback`.
 */
export function planWriteError(error: unknown, fallback: string): string {
  if (isOfflineError(error)) return error.message;
  if (error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500)
    return error.message;
  return fallback;
}
