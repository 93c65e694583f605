import type { AttributeDefDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface AttributeDefListParams {
  sortBy?: 'name' | 'createdAt';
  sortDirection?: string;
  keywordLike?: string;
}

/** GET /api/clothes/attribute-defs — a plain array of every attribute definition (docs/api.md §5). */
export async function getAttributeDefs(params: AttributeDefListParams = {}): Promise<AttributeDefDto[]> {
  const { data } = await apiClient.get<AttributeDefDto[]>('/api/clothes/attribute-defs', { params });
  return data;
}
