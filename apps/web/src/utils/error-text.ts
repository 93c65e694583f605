import { ko } from '@otboo/contract';

/** The text a screen shows for a failed read: the error's own message, else the generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : ko.common.unknownError;
}
