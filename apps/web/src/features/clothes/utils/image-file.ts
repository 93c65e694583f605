import { LIMITS, ko } from '@otboo/contract';

/** The first image among chosen or dropped files (spec §5: images only, the first file). */
export function firstImage(files: FileList | readonly File[] | null | undefined): {
  file: File | null;
  error: string | null;
} {
  const list = files ? Array.from(files) : [];
  const file = list[0];
  if (!file) return { file: null, error: null };
  if (!file.type.startsWith('image/')) return { file: null, error: ko.validation.avatarNotImage };
  if (file.size > LIMITS.clothesImageMaxBytes) return { file: null, error: ko.clothes.imageTooLarge };
  return { file, error: null };
}
