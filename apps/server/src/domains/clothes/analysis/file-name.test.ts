import { describe, expect, it } from 'vitest';
import { readFileName } from './file-name.js';

describe('what a file name tells', () => {
  it('gives name and type when the name holds a garment word', () => {
    expect(readFileName('navy-coat.jpg')).toEqual({ name: 'navy coat', type: 'OUTER' });
    expect(readFileName('네이비 코트.jpg')).toEqual({ name: '네이비 코트', type: 'OUTER' });
    expect(readFileName('네이비 코트.jpg'.normalize('NFD'))).toEqual({ name: '네이비 코트', type: 'OUTER' });
    expect(readFileName('white_linen_shirt (2).png')).toEqual({ name: 'white linen shirt', type: 'TOP' });
    expect(readFileName('C:\\photos\\청바지-2.webp')).toEqual({ name: '청바지', type: 'BOTTOM' });
  });

  it('gives nothing for names that say nothing about the garment', () => {
    for (const name of [
      'IMG_1234.jpg',
      'KakaoTalk_20240101_123456789.jpg',
      '스크린샷 2024-05-01 오후 3.12.44.png',
      'PXL_20240101_120000.jpg',
      '20240101_120000.jpg',
      '여행.jpg',
      'image (3).png',
      undefined,
      '',
    ])
      expect(readFileName(name), String(name)).toEqual({ name: null, type: null });
  });
});
