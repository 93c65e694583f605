/** The service worker's cache of the photos the app showed (src/sw.ts). */
export const IMAGE_CACHE = 'otboo-images';

/**
 * Empties the photo cache from the page, when a session ends: offline, the next user of the device must not see
 * the previous user's garments and avatar. The worker makes the cache again with the next photo it keeps.
 */
export async function deleteImageCache(): Promise<void> {
  // Cache Storage exists in secure contexts only (https, localhost).
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(IMAGE_CACHE);
  } catch (error) {
    console.warn(error);
  }
}
