import { apiClient } from '@/lib/api-client';

/** GET /api/auth/csrf-token — sets the `XSRF-TOKEN` cookie that axios echoes on mutating requests. */
export async function getCsrfToken(): Promise<void> {
  await apiClient.get('/api/auth/csrf-token');
}
