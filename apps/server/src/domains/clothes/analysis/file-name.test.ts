import { describe, expect, it } from 'vitest';
import { draftName, optionOfColourWord, readFileName } from './file-name.js';

const OPTIONS = ['블랙', '화이트', '그레이', '네이비', '베이지', '레드', '블루', '스카이블루', '멀티'];

/** The name the analysis gives when the photo shows no colour: the file's colour word, then the garment. */
function named(fileName: string): string | null {
  const file = readFileName(fileName);
  return draftName(optionOfColourWord(file.colour, OPTIONS), file.garment);
}

describe('what a file name tells', () => {
  it('translates English garment and colour words into a Korean name', () => {
    expect(readFileName('navy-coat.jpg')).toEqual({ garment: '코트', type: 'OUTER', colour: 'navy' });
    expect(named('navy-coat.jpg')).toBe('네이비 코트');
    expect(named('white tshirt.png')).toBe('화이트 티셔츠');
    expect(named('White_T-Shirt (2).PNG')).toBe('화이트 티셔츠');
    expect(named('black_jeans.jpg')).toBe('블랙 청바지');
    expect(named('light blue shirt.jpg')).toBe('스카이블루 셔츠');
    expect(named('navy wool coat copy.jpg')).toBe('네이비 코트');
  });

  it('maps the common English garment words to their type and Korean word', () => {
    const cases: Array<[string, string, string]> = [
      ['tshirt', 'TOP', '티셔츠'],
      ['t-shirt', 'TOP', '티셔츠'],
      ['tee', 'TOP', '티셔츠'],
      ['shirt', 'TOP', '셔츠'],
      ['blouse', 'TOP', '블라우스'],
      ['hoodie', 'TOP', '후드티'],
      ['sweater', 'TOP', '스웨터'],
      ['knit', 'TOP', '니트'],
      ['jeans', 'BOTTOM', '청바지'],
      ['denim', 'BOTTOM', '청바지'],
      ['pants', 'BOTTOM', '바지'],
      ['trousers', 'BOTTOM', '바지'],
      ['slacks', 'BOTTOM', '슬랙스'],
      ['shorts', 'BOTTOM', '반바지'],
      ['skirt', 'BOTTOM', '스커트'],
      ['dress', 'DRESS', '원피스'],
      ['coat', 'OUTER', '코트'],
      ['jacket', 'OUTER', '재킷'],
      ['padding', 'OUTER', '패딩'],
      ['puffer', 'OUTER', '패딩'],
      ['cardigan', 'OUTER', '카디건'],
      ['sneakers', 'SHOES', '스니커즈'],
      ['boots', 'SHOES', '부츠'],
      ['loafers', 'SHOES', '로퍼'],
      ['sandals', 'SHOES', '샌들'],
      ['cap', 'HAT', '볼캡'],
      ['hat', 'HAT', '모자'],
      ['beanie', 'HAT', '비니'],
      ['scarf', 'SCARF', '스카프'],
      ['bag', 'BAG', '가방'],
      ['socks', 'SOCKS', '양말'],
    ];
    for (const [word, type, garment] of cases)
      expect(readFileName(`${word}.jpg`), word).toEqual({ garment, type, colour: null });
  });

  it('takes the garment English puts last, and plurals as the word', () => {
    expect(readFileName('denim-jacket.jpg')).toMatchObject({ garment: '청재킷', type: 'OUTER' });
    expect(readFileName('shirt dress.jpg')).toMatchObject({ garment: '원피스', type: 'DRESS' });
    expect(readFileName('leather jacket.jpg')).toMatchObject({ garment: '가죽 재킷', type: 'OUTER' });
    expect(readFileName('coats.jpg')).toMatchObject({ garment: '코트', type: 'OUTER' });
    expect(readFileName('dresses.jpg')).toMatchObject({ garment: '원피스', type: 'DRESS' });
  });

  it('keeps Korean garment words, with a Korean colour word mapped to its option', () => {
    expect(named('네이비 코트.jpg')).toBe('네이비 코트');
    expect(named('네이비 코트.jpg'.normalize('NFD'))).toBe('네이비 코트');
    expect(named('빨간 니트.webp')).toBe('레드 니트');
    expect(named('C:\\photos\\청바지-2.webp')).toBe('청바지');
    expect(readFileName('청바지-2.webp')).toEqual({ garment: '청바지', type: 'BOTTOM', colour: null });
  });

  it('tells nothing from camera, app and random names', () => {
    for (const name of [
      'IMG_1234.jpg',
      'IMG 1234.jpg',
      'DSC01234.JPG',
      'DSCN0042.jpg',
      'PXL_20231012_081523456.jpg',
      'photo1.jpg',
      'image (3).png',
      '스크린샷 2024-05-01 오후 3.12.44.png',
      'Screenshot 2024-05-01 at 15.12.44.png',
      'KakaoTalk_20240101_123456789.jpg',
      '20240101_120000.jpg',
      '3f2c9a0e-8b1d-4c6e-9f2a-7d5e1b0c4a93.jpg',
      'a3f9c2e1b7d04e5f.jpg',
      '여행.jpg',
      'navy.jpg',
      undefined,
      '',
    ])
      expect(readFileName(name), String(name)).toEqual({ garment: null, type: null, colour: null });
  });
});

describe('draftName', () => {
  it('puts the colour before the garment, the garment alone without one, nothing without a garment', () => {
    expect(draftName('네이비', '코트')).toBe('네이비 코트');
    expect(draftName(null, '코트')).toBe('코트');
    expect(draftName('네이비', null)).toBeNull();
  });

  it('names a colour word by the nearest option only when one is that colour', () => {
    expect(optionOfColourWord('navy', OPTIONS)).toBe('네이비');
    expect(optionOfColourWord('남색', ['남색', '검정'])).toBe('남색');
    expect(optionOfColourWord('pink', OPTIONS)).toBeNull();
    expect(optionOfColourWord(null, OPTIONS)).toBeNull();
  });
});
