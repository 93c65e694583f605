import { ko } from '@otboo/contract';

/** How large an upload may be, and what to say when it is larger. */
export interface ImageLimit {
  maxBytes: number;
  tooLarge: string;
}

/** The first of the chosen or dropped files (docs/product.md §5: images only, the first file, within the upload limit). */
export function firstImage(
  files: FileList | readonly File[] | null | undefined,
  limit: ImageLimit,
): { file: File | null; error: string | null } {
  const list = files ? Array.from(files) : [];
  const file = list[0];
  if (!file) return { file: null, error: null };
  if (!file.type.startsWith('image/')) return { file: null, error: ko.validation.avatarNotImage };
  if (file.size > limit.maxBytes) return { file: null, error: limit.tooLarge };
  return { file, error: null };
}
