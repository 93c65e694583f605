import { describe, expect, it } from 'vitest';
import type { ClothesType } from '@otboo/contract';
import { inferProfile } from './garment-profile.js';

const profile = (name: string, type: ClothesType, attributes: Record<string, string> = {}) =>
  inferProfile({
    id: 'x',
    name,
    type,
    attributes: Object.entries(attributes).map(([n, value]) => ({ name: n, value })),
  });
const range = (name: string, type: ClothesType, attributes: Record<string, string> = {}) => {
  const p = profile(name, type, attributes);
  return [p.lo, p.hi];
};

describe('warmth from name keywords', () => {
  it.each([
    ['롱패딩', 'OUTER', [7, 7]],
    ['롱 패딩 블랙', 'OUTER', [7, 7]],
    ['숏패딩', 'OUTER', [6, 7]],
    ['경량 패딩 조끼', 'OUTER', [4, 6]],
    ['무스탕', 'OUTER', [6, 7]],
    ['울 코트', 'OUTER', [6, 7]],
    ['캐멀 코트', 'OUTER', [5, 6]],
    ['트렌치코트', 'OUTER', [4, 5]],
    ['가죽자켓', 'OUTER', [4, 6]],
    ['야상', 'OUTER', [4, 5]],
    ['후리스 집업', 'OUTER', [5, 6]],
    ['바람막이', 'OUTER', [3, 4]],
    ['니트 가디건', 'OUTER', [2, 4]],
    ['데님 자켓', 'OUTER', [4, 5]],
    ['레인코트', 'OUTER', [0, 5]],
    ['민소매 티', 'TOP', [0, 1]],
    ['나시', 'TOP', [0, 1]],
    ['반팔 티셔츠', 'TOP', [0, 1]],
    ['화이트 티셔츠', 'TOP', [0, 3]],
    ['린넨 셔츠', 'TOP', [0, 2]],
    ['옥스포드 셔츠', 'TOP', [1, 4]],
    ['긴팔 티셔츠', 'TOP', [2, 4]],
    ['맨투맨', 'TOP', [3, 5]],
    ['기모 맨투맨', 'TOP', [6, 7]],
    ['니트', 'TOP', [3, 6]],
    ['캐시미어 니트', 'TOP', [4, 7]],
    ['터틀넥', 'TOP', [4, 7]],
    ['반바지', 'BOTTOM', [0, 1]],
    ['린넨 바지', 'BOTTOM', [0, 2]],
    ['면바지', 'BOTTOM', [1, 4]],
    ['청바지', 'BOTTOM', [2, 5]],
    ['기모 청바지', 'BOTTOM', [6, 7]],
    ['코듀로이 팬츠', 'BOTTOM', [4, 6]],
    ['미니스커트', 'BOTTOM', [0, 2]],
    ['롱스커트', 'BOTTOM', [1, 4]],
    ['민소매 원피스', 'DRESS', [0, 1]],
    ['니트 원피스', 'DRESS', [4, 6]],
    ['원피스', 'DRESS', [0, 3]],
    ['샌들', 'SHOES', [0, 2]],
    ['스니커즈', 'SHOES', [0, 7]],
    ['첼시 부츠', 'SHOES', [4, 7]],
    ['어그부츠', 'SHOES', [6, 7]],
    ['울 양말', 'SOCKS', [5, 7]],
    ['비니', 'HAT', [5, 7]],
    ['버킷햇', 'HAT', [0, 3]],
    ['목도리', 'SCARF', [5, 7]],
  ] as const)('%s (%s) suits bands %j', (name, type, expected) => {
    expect(range(name, type)).toEqual(expected);
  });

  it('reads words regardless of spaces, hyphens and case', () => {
    expect(range('LONG-PADDING 롱-패딩', 'OUTER')).toEqual([7, 7]);
    expect(range('Gore-Tex 자켓', 'OUTER')).toEqual([4, 5]);
    expect(profile('Gore-Tex 자켓', 'OUTER').waterproof).toBe(true);
  });

  it('does not mistake short words inside longer ones', () => {
    // 울 in 겨울 is not wool; 퍼 in 퍼프/지퍼 is not fur.
    expect(range('겨울 셔츠', 'TOP')).toEqual([5, 5]);
    expect(range('퍼프 블라우스', 'TOP')).toEqual([1, 4]);
    expect(range('지퍼 가디건', 'OUTER')).toEqual([2, 4]);
    expect(range('퍼 자켓', 'OUTER')).toEqual([6, 7]);
  });

  it('falls back on the type when the name says nothing', () => {
    expect(range('나의 옷', 'TOP')).toEqual([1, 4]);
    expect(range('나의 옷', 'BOTTOM')).toEqual([1, 5]);
    expect(range('나의 옷', 'OUTER')).toEqual([3, 5]);
    expect(range('나의 옷', 'SHOES')).toEqual([0, 7]);
  });
});

describe('attributes come first', () => {
  it('reads thickness 얇음/보통/두꺼움: the type decides without a keyword, shifts a keyword by one band', () => {
    expect(range('상의', 'TOP', { 두께: '얇음' })).toEqual([0, 2]);
    expect(range('상의', 'TOP', { 두께: '보통' })).toEqual([2, 5]);
    expect(range('상의', 'TOP', { 두께: '두꺼움' })).toEqual([4, 7]);
    expect(range('아우터', 'OUTER', { 두께: '두꺼움' })).toEqual([5, 7]);
    expect(range('코트', 'OUTER', { 두께: '두꺼움' })).toEqual([6, 7]);
    expect(range('니트', 'TOP', { 두께: '얇음' })).toEqual([2, 5]);
    // A thickness attribute wins over a thickness word in the name.
    expect(range('두꺼운 니트', 'TOP', { 두께: '얇음' })).toEqual([2, 5]);
    expect(range('두꺼운 니트', 'TOP')).toEqual([4, 7]);
  });

  it('keeps a garment inside the bands of its seasons (봄/여름/가을/겨울)', () => {
    expect(range('상의', 'TOP', { 계절: '여름' })).toEqual([1, 2]);
    expect(range('상의', 'TOP', { 계절: '겨울' })).toEqual([5, 5]);
    expect(range('니트', 'TOP', { 계절: '겨울' })).toEqual([5, 6]);
    expect(range('반팔 티셔츠', 'TOP', { 계절: '봄, 여름, 가을' })).toEqual([0, 1]);
    // The user's season wins when the name says otherwise.
    expect(range('패딩', 'OUTER', { 계절: '여름' })).toEqual([2, 2]);
    // All four seasons: no restriction.
    expect(range('청바지', 'BOTTOM', { 계절: '사계절' })).toEqual([2, 5]);
  });

  it('reads the material (소재): cool, warm, fleece, down, and finds the kind in it when the name has none', () => {
    expect(range('셔츠', 'TOP', { 소재: '린넨' })).toEqual([0, 2]);
    expect(range('셔츠', 'TOP', { 소재: '면' })).toEqual([1, 4]);
    expect(range('상의', 'TOP', { 소재: '울' })).toEqual([2, 5]);
    expect(range('상의', 'TOP', { 소재: '니트' })).toEqual([3, 6]);
    expect(range('아우터', 'OUTER', { 소재: '패딩(다운)' })).toEqual([6, 7]);
    expect(range('아우터', 'OUTER', { 소재: '플리스' })).toEqual([5, 6]);
    expect(range('바지', 'BOTTOM', { 소재: '기모' })).toEqual([6, 7]);
  });

  it('reads waterproofing (방수 예/아니오) and rain-unfriendly materials', () => {
    expect(profile('자켓', 'OUTER', { 방수: '예' }).waterproof).toBe(true);
    expect(profile('레인부츠', 'SHOES').waterproof).toBe(true);
    expect(profile('레인부츠', 'SHOES', { 방수: '아니오' }).waterproof).toBe(false);
    expect(profile('자켓', 'OUTER', { 방수: '아니오' }).waterproof).toBe(false);
    expect(profile('운동화', 'SHOES', { 소재: '캔버스' }).rainUnfriendly).toBe(true);
    expect(profile('스웨이드 로퍼', 'SHOES').rainUnfriendly).toBe(true);
    expect(profile('운동화', 'SHOES', { 소재: '가죽' }).rainUnfriendly).toBe(false);
    // Waterproofed suede is fine.
    expect(profile('스웨이드 부츠', 'SHOES', { 방수: '예' }).rainUnfriendly).toBe(false);
  });

  it('matches definition names loosely and ignores blank values', () => {
    expect(range('상의', 'TOP', { ' 두께감 ': '두꺼움' })).toEqual([4, 7]);
    expect(range('상의', 'TOP', { Thickness: 'thin' })).toEqual([0, 2]);
    expect(range('상의', 'TOP', { 두께: '  ' })).toEqual([1, 4]);
    // Unknown definitions (색상, 스타일) change nothing.
    expect(range('상의', 'TOP', { 색상: '블랙', 스타일: '캐주얼' })).toEqual([1, 4]);
  });
});

describe('roles of accessories', () => {
  it('knows warm and sun hats, warm scarves, gloves, umbrellas, sunglasses and thermals', () => {
    expect(profile('비니', 'HAT').role).toBe('warm');
    expect(profile('모자', 'HAT', { 계절: '겨울' }).role).toBe('warm');
    expect(profile('볼캡', 'HAT').role).toBe('sun');
    expect(profile('모자', 'HAT').role).toBe(null);
    expect(profile('머플러', 'SCARF').role).toBe('warm');
    expect(profile('실크 스카프', 'SCARF').role).toBe(null);
    expect(profile('목도리', 'ACCESSORY').role).toBe('warm');
    expect(profile('털장갑', 'ACCESSORY').role).toBe('gloves');
    expect(profile('장우산', 'ACCESSORY').role).toBe('umbrella');
    expect(profile('선글라스', 'ACCESSORY').role).toBe('sun');
    expect(profile('히트텍', 'UNDERWEAR').role).toBe('thermal');
    expect(profile('팬티', 'UNDERWEAR').role).toBe(null);
    expect(profile('시계', 'ACCESSORY').role).toBe(null);
    expect(profile('에코백', 'BAG').role).toBe(null);
    // Main garments have no role.
    expect(profile('비니 니트', 'TOP').role).toBe(null);
  });
});
