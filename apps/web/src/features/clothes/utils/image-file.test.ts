import { describe, expect, it } from 'vitest';
import { LIMITS, ko } from '@otboo/contract';
import { firstImage } from '@/features/clothes/utils/image-file';

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('firstImage', () => {
  it('takes the first file only', () => {
    const first = png('a.png');
    expect(firstImage([first, png('b.png')])).toEqual({ file: first, error: null });
  });

  it('refuses a file that is not an image, and one over the upload limit', () => {
    expect(firstImage([new File(['x'], 'a.txt', { type: 'text/plain' })])).toEqual({
      file: null,
      error: ko.validation.avatarNotImage,
    });
    expect(firstImage([png('big.png', LIMITS.clothesImageMaxBytes + 1)])).toEqual({
      file: null,
      error: ko.clothes.imageTooLarge,
    });
  });

  it('is nothing for no files', () => {
    expect(firstImage([])).toEqual({ file: null, error: null });
    expect(firstImage(null)).toEqual({ file: null, error: null });
  });
});
