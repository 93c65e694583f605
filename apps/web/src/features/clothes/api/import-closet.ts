import type { ClothesImportResultDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/clothes/import — multipart `file`: an exported ZIP or its clothes.csv (docs/api.md §9.7). No timeout:
 * a ZIP of photos may take minutes to send and to read.
 */
export async function importCloset(file: File): Promise<ClothesImportResultDto> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await apiClient.post<ClothesImportResultDto>('/api/clothes/import', form, { timeout: 0 });
  return data;
}
