import type { ClothesAnalysisDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/clothes/analyses — multipart `image`: the colour (and, from the file name, a name and type) a photo
 * tells before the garment is registered; nothing is stored (docs/api.md §9.5). A minute, like an upload.
 */
export async function analyseClothesPhoto(image: File): Promise<ClothesAnalysisDto> {
  const form = new FormData();
  form.append('image', image, image.name);
  const { data } = await apiClient.post<ClothesAnalysisDto>('/api/clothes/analyses', form, {
    timeout: 60_000,
  });
  return data;
}
