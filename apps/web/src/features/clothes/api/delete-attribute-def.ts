import { apiClient } from '@/lib/api-client';

/** DELETE /api/clothes/attribute-defs/{id} (ADMIN); the values given to clothes go with it. */
export async function deleteAttributeDef(definitionId: string): Promise<void> {
  await apiClient.delete(`/api/clothes/attribute-defs/${encodeURIComponent(definitionId)}`);
}
