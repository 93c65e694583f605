import { describe, expect, it } from 'vitest';
import { guessClothesType } from './guess-type.js';

describe('guessClothesType', () => {
  it.each([
    ['오버핏 반팔 티셔츠', 'TOP'],
    ['코튼 옥스포드 셔츠', 'TOP'],
    ['캐시미어 라운드 니트', 'TOP'],
    ['기모 맨투맨', 'TOP'],
    ['피그먼트 후드', 'TOP'],
    ['와이드 데님 청바지', 'BOTTOM'],
    ['세미와이드 슬랙스', 'BOTTOM'],
    ['플리츠 롱 스커트', 'BOTTOM'],
    ['카고 팬츠', 'BOTTOM'],
    ['플라워 반팔 원피스', 'DRESS'],
    ['울 블렌드 롱 코트', 'OUTER'],
    ['후드 집업 자켓', 'OUTER'],
    ['스웨트 후드집업', 'OUTER'],
    ['라이트 다운 패딩', 'OUTER'],
    ['크롭 가디건', 'OUTER'],
    ['MA-1 항공 점퍼', 'OUTER'],
    ['척테일러 스니커즈', 'SHOES'],
    ['첼시 부츠', 'SHOES'],
    ['페니 로퍼', 'SHOES'],
    ['스포츠 샌들', 'SHOES'],
    ['스니커즈 삭스 3팩', 'SOCKS'],
    ['울 양말', 'SOCKS'],
    ['로고 볼캡', 'HAT'],
    ['골지 비니', 'HAT'],
    ['뉴에라 캡', 'HAT'],
    ['캔버스 토트백', 'BAG'],
    ['데일리 백', 'BAG'],
    ['캐시미어 머플러', 'SCARF'],
    ['실크 스카프', 'SCARF'],
    ['심리스 브라', 'UNDERWEAR'],
    ['가죽 벨트', 'ACCESSORY'],
    ['Relaxed Fit Hoodie', 'TOP'],
    ['Oversized T-Shirt', 'TOP'],
    ['Straight Leg Jeans', 'BOTTOM'],
    ['Quilted Puffer Jacket', 'OUTER'],
    ['Baggy Pants', 'BOTTOM'],
    ['Leather Chelsea Boots', 'SHOES'],
    ['Tote Bag', 'BAG'],
    ['Oxford Dress Shirt', 'TOP'],
    ['Midi Dress', 'DRESS'],
  ] as const)('%s → %s', (name, type) => {
    expect(guessClothesType({ categories: [], name })).toBe(type);
  });

  it('does not read garment words inside unrelated words', () => {
    expect(guessClothesType({ categories: [], name: '브라운 체크 무늬' })).toBeNull();
    expect(guessClothesType({ categories: [], name: '백화점 정품 향수' })).toBeNull();
    expect(guessClothesType({ categories: [], name: 'Laptop stand' })).toBeNull();
    expect(guessClothesType({ categories: [], name: '스프링 노트' })).toBeNull();
    expect(guessClothesType({ categories: [] })).toBeNull();
  });

  it('lets the most specific category decide before the name', () => {
    expect(guessClothesType({ categories: ['여성의류', '니트', '가디건'], name: '울 니트 가디건' })).toBe(
      'OUTER',
    );
    expect(guessClothesType({ categories: ['상의', '니트/스웨터'], name: '니트 & 스카프 세트' })).toBe('TOP');
    expect(guessClothesType({ categories: ['패션의류', '남성의류'], name: '데님 자켓' })).toBe('OUTER');
    expect(
      guessClothesType({ categories: ['스포츠/레저', '등산', '등산화', '트레킹화'], name: '방수 트레킹화' }),
    ).toBe('SHOES');
  });
});
