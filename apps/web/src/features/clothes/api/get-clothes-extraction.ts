import type { ClothesExtractionDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/clothes/extractions?url= — name, type, attributes and a copy of the photo guessed from a product page. */
export async function getClothesExtraction(url: string): Promise<ClothesExtractionDto> {
  const { data } = await apiClient.get<ClothesExtractionDto>('/api/clothes/extractions', { params: { url } });
  return data;
}
