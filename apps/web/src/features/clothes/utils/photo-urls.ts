/**
 * Object URLs of chosen photos, one per File, made when first shown and kept until released: a bulk add shows up
 * to 30 phone photos, which as data: URLs would hold their whole bytes again as text. The page's CSP allows blob:
 * images.
 */
const urls = new WeakMap<File, string>();

/** The photo's URL for an <img>; null where the browser cannot make one (tests). */
export function photoUrl(file: File): string | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  let url = urls.get(file);
  if (!url) {
    url = URL.createObjectURL(file);
    urls.set(file, url);
  }
  return url;
}

/** Frees the photo's URL once nothing shows it any more. */
export function releasePhotoUrl(file: File): void {
  const url = urls.get(file);
  if (url === undefined) return;
  URL.revokeObjectURL(url);
  urls.delete(file);
}
