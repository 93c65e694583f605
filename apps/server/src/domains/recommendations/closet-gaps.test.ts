import { describe, expect, it } from 'vitest';
import type { ClothesType } from '@otboo/contract';
import { closetGaps } from './closet-gaps.js';
import { BANDS } from './engine/bands.js';

let seq = 0;
const g = (name: string, type: ClothesType, attributes: { name: string; value: string }[] = []) => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  name,
  type,
  attributes,
});

const SUMMER = [g('반팔 티셔츠', 'TOP'), g('반바지', 'BOTTOM'), g('샌들', 'SHOES')];
const SPRING = [
  g('셔츠', 'TOP'),
  g('니트', 'TOP'),
  g('청바지', 'BOTTOM'),
  g('운동화', 'SHOES'),
  g('트렌치 코트', 'OUTER'),
];

describe('season gaps of a closet', () => {
  it('names each band the closet cannot dress for, coldest first, in Korean', () => {
    const gaps = closetGaps([...SUMMER, ...SPRING]);
    expect(gaps[0]).toEqual({ band: '4°C 이하', message: '영하의 날씨에 입을 두꺼운 아우터가 없어요' });
    const order = gaps.map((x) => BANDS.findIndex((b) => b.label === x.band));
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });

  it('says plainly what the closet has none of', () => {
    const gaps = closetGaps(SUMMER);
    expect(gaps[0]).toEqual({
      band: '4°C 이하',
      message: '영하의 날씨에 입을 아우터, 따뜻한 상의, 따뜻한 하의와 따뜻한 신발이 없어요',
    });
    expect(gaps.length).toBeGreaterThan(3);
  });

  it('has no gap once every band is covered, and none for an empty closet', () => {
    const full = [
      ...SUMMER,
      ...SPRING,
      g('롱패딩', 'OUTER'),
      g('울 코트', 'OUTER'),
      g('가디건', 'OUTER'),
      g('기모 맨투맨', 'TOP'),
      g('기모 바지', 'BOTTOM'),
      g('부츠', 'SHOES'),
    ];
    expect(closetGaps(full)).toEqual([]);
    expect(closetGaps([])).toEqual([]);
  });
});
