import type { AttributeDefDto, AttributeDefRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** PATCH /api/clothes/attribute-defs/{id} (ADMIN). */
export async function updateAttributeDef(
  definitionId: string,
  request: AttributeDefRequest,
): Promise<AttributeDefDto> {
  const { data } = await apiClient.patch<AttributeDefDto>(
    `/api/clothes/attribute-defs/${encodeURIComponent(definitionId)}`,
    request,
  );
  return data;
}
