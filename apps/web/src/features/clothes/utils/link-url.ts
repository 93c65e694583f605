import { LIMITS, ko } from '@otboo/contract';

/** A shop address pasted without its scheme (`www.musinsa.com/products/1`); the server adds https://. */
const SCHEMELESS = /^[\w-]+(\.[\w-]+)+(:\d+)?([/?#]|$)/;

/** Why a product link cannot be imported, or null (docs/product.md §5: required, non-blank after trimming, a URL). */
export function linkUrlError(raw: string): string | null {
  const text = raw.trim();
  if (text === '') return ko.clothes.urlRequired;
  if (text.length > LIMITS.urlMaxLength || /\s/.test(text)) return ko.clothes.urlInvalid;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    try {
      const url = new URL(text);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
        ? null
        : ko.clothes.urlInvalid;
    } catch {
      return ko.clothes.urlInvalid;
    }
  }
  return SCHEMELESS.test(text) ? null : ko.clothes.urlInvalid;
}
