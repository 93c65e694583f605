import { ApiError, apiClient } from '@/lib/api-client';

export interface ClosetExport {
  blob: Blob;
  /** The server's name for it (`otboo-closet-YYYYMMDD.zip`), else the same made from today's date here. */
  fileName: string;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function attachmentName(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match?.[1]?.trim() || null;
}

/** The server's day (UTC, YYYYMMDD), so that both names sort alike. */
function fileDay(date: Date): string {
  return date.toISOString().slice(0, 10).replace(/-/g, '');
}

/**
 * GET /api/clothes/export — the closet as a ZIP (clothes.csv, clothes.json, photos/; docs/api.md §9.7), fetched
 * through the API client so that it carries the bearer token like every call. No timeout: the photos make it big.
 */
export async function exportCloset(): Promise<ClosetExport> {
  try {
    const response = await apiClient.get<Blob>('/api/clothes/export', {
      responseType: 'blob',
      timeout: 0,
      headers: { Accept: 'application/zip' },
    });
    const fileName =
      attachmentName(response.headers['content-disposition']) ?? `otboo-closet-${fileDay(new Date())}.zip`;
    return { blob: response.data, fileName };
  } catch (error) {
    throw await withBlobMessage(error);
  }
}

/** A failed blob request carries its JSON error body as a Blob: read the server's Korean message out of it. */
async function withBlobMessage(error: unknown): Promise<unknown> {
  if (!(error instanceof ApiError) || !(error.data instanceof Blob)) return error;
  try {
    const body: unknown = JSON.parse(await error.data.text());
    const message =
      typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
        ? body.message
        : error.message;
    return new ApiError(message, error.status, body);
  } catch {
    return error;
  }
}
