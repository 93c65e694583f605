import type { AttributeDefDto, AttributeDefRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/clothes/attribute-defs (ADMIN). */
export async function createAttributeDef(request: AttributeDefRequest): Promise<AttributeDefDto> {
  const { data } = await apiClient.post<AttributeDefDto>('/api/clothes/attribute-defs', request);
  return data;
}
