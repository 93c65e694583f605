// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LIMITS, ko } from '@otboo/contract';
import { firstImage } from '@/utils/image-file';

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const CLOTHES = { maxBytes: LIMITS.clothesImageMaxBytes, tooLarge: ko.clothes.imageTooLarge };
const AVATAR = { maxBytes: LIMITS.profileImageMaxBytes, tooLarge: ko.validation.avatarTooLarge };

describe('firstImage', () => {
  it('takes the first file only', () => {
    const first = png('a.png');
    expect(firstImage([first, png('b.png')], CLOTHES)).toEqual({ file: first, error: null });
  });

  it('refuses a file that is not an image, and one over the upload limit', () => {
    expect(firstImage([new File(['x'], 'a.txt', { type: 'text/plain' })], CLOTHES)).toEqual({
      file: null,
      error: ko.validation.avatarNotImage,
    });
    expect(firstImage([png('big.png', LIMITS.clothesImageMaxBytes + 1)], CLOTHES)).toEqual({
      file: null,
      error: ko.clothes.imageTooLarge,
    });
  });

  it('applies the limit it is given (avatars are smaller than garment photos)', () => {
    const between = png('mid.png', LIMITS.profileImageMaxBytes + 1);
    expect(firstImage([between], CLOTHES)).toEqual({ file: between, error: null });
    expect(firstImage([between], AVATAR)).toEqual({ file: null, error: ko.validation.avatarTooLarge });
  });

  it('is nothing for no files', () => {
    expect(firstImage([], CLOTHES)).toEqual({ file: null, error: null });
    expect(firstImage(null, CLOTHES)).toEqual({ file: null, error: null });
  });
});
