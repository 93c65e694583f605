import { apiClient } from '@/lib/api-client';

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/**
 * Downloads an image the server serves from our origin (the photo of a link import) as a File, so that it can
 * be previewed and uploaded with the garment like a chosen photo.
 */
export async function getImageFile(imageUrl: string, baseName: string): Promise<File> {
  const { data } = await apiClient.get<Blob>(imageUrl, {
    responseType: 'blob',
    headers: { Accept: 'image/*' },
  });
  const type = data.type || 'image/webp';
  return new File([data], `${baseName}.${EXTENSIONS[type] ?? 'img'}`, { type });
}
