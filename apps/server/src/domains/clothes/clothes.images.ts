import { randomUUID } from 'node:crypto';
import type { Storage } from '../../adapters/storage/storage.js';
import { reencodeImage } from '../../lib/images.js';

/** Stored image sizes: the garment photo and the square grid thumbnail. */
export const CLOTHES_IMAGE_MAX_SIDE = 1600;
export const CLOTHES_THUMBNAIL_SIDE = 400;

export interface StoredClothesImage {
  imageKey: string;
  thumbnailKey: string;
}

/**
 * Re-encodes an upload (content-checked, EXIF/GPS stripped, WebP) and stores it with its thumbnail under
 * fresh keys `clothes/<uuid>.webp` and `clothes/<uuid>-thumb.webp`. Either both objects exist or neither.
 * `owner` is the uploader (their turn in the decode queue).
 */
export async function storeClothesImage(
  storage: Storage,
  upload: Buffer,
  owner: string,
): Promise<StoredClothesImage> {
  const { image, thumbnail } = await reencodeImage(upload, {
    owner,
    maxSide: CLOTHES_IMAGE_MAX_SIDE,
    thumbnailSide: CLOTHES_THUMBNAIL_SIDE,
  });
  // Asked with a thumbnail side, the encoder always makes one.
  if (!thumbnail) throw new Error('Broken invariant: a thumbnail was asked for');
  const id = randomUUID();
  const keys = { imageKey: `clothes/${id}.webp`, thumbnailKey: `clothes/${id}-thumb.webp` };
  try {
    await storage.put(keys.imageKey, image, 'image/webp');
    await storage.put(keys.thumbnailKey, thumbnail, 'image/webp');
  } catch (err) {
    await storage.delete([keys.imageKey, keys.thumbnailKey]).catch(() => undefined);
    throw err;
  }
  return keys;
}

/** A product photo fetched by link import, stored as `imports/<uuid>.webp` for the browser to read. */
export async function storeImportedImage(storage: Storage, download: Buffer, owner: string): Promise<string> {
  const { image } = await reencodeImage(download, { owner, maxSide: CLOTHES_IMAGE_MAX_SIDE });
  const key = `imports/${randomUUID()}.webp`;
  await storage.put(key, image, 'image/webp');
  return key;
}
