import { ko } from '@otboo/contract';
import { isOfflineError } from '@/lib/api-client';

/** The text a screen shows for a failed read: the error's own message, else the generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : ko.common.unknownError;
}

/**
 * The text a screen shows for a failed write: offline, '오프라인 상태라 저장하지 못했어요…' (the API client's), so
 * the user knows why and that what they typed is still there to send; otherwise the screen's own `fallback`.
 */
export function writeErrorText(error: unknown, fallback: string): string {
  return isOfflineError(error) ? error.message : fallback;
}
