import { describe, expect, it } from 'vitest';
import type { ClothesType } from '@otboo/contract';
import { inferProfile } from './garment-profile.js';
import {
  STYLE_GROUPS,
  coloursClash,
  materialRuleBroken,
  stylesClash,
  type ColourFamily,
  type StyleFamily,
} from './look.js';

const profile = (name: string, type: ClothesType, attributes: Record<string, string> = {}) =>
  inferProfile({
    id: 'x',
    name,
    type,
    attributes: Object.entries(attributes).map(([n, value]) => ({ name: n, value })),
  });

describe('style families', () => {
  it.each([
    // The seeded 스타일 values.
    ['티셔츠', 'TOP', { 스타일: '캐주얼' }, 'casual'],
    ['셔츠', 'TOP', { 스타일: '포멀' }, 'formal'],
    ['티셔츠', 'TOP', { 스타일: '스포티' }, 'sporty'],
    ['후드', 'TOP', { 스타일: '스트릿' }, 'street'],
    ['셔츠', 'TOP', { 스타일: '미니멀' }, 'minimal'],
    ['셔츠', 'TOP', { 스타일: '빈티지' }, 'vintage'],
    ['블라우스', 'TOP', { 스타일: '러블리' }, 'lovely'],
    ['자켓', 'OUTER', { 스타일: '아웃도어' }, 'outdoor'],
    // Values an admin renamed or added.
    ['셔츠', 'TOP', { 스타일: '오피스룩' }, 'formal'],
    ['레깅스', 'BOTTOM', { 스타일: '애슬레저' }, 'sporty'],
    ['자켓', 'OUTER', { 스타일: '고프코어' }, 'outdoor'],
    ['원피스', 'DRESS', { 스타일: '페미닌' }, 'lovely'],
    // The attribute wins over the name.
    ['트레이닝 팬츠', 'BOTTOM', { 스타일: '캐주얼' }, 'casual'],
    // Without the attribute (or with a value we cannot read), the name says it.
    ['정장 슬랙스', 'BOTTOM', {}, 'formal'],
    ['네이비 블레이저', 'OUTER', {}, 'formal'],
    ['브라운 옥스포드 구두', 'SHOES', {}, 'formal'],
    ['페니 로퍼', 'SHOES', {}, 'formal'],
    ['블랙 트레이닝 반바지', 'BOTTOM', {}, 'sporty'],
    ['조거 팬츠', 'BOTTOM', { 스타일: '???' }, 'sporty'],
    ['러닝화', 'SHOES', {}, 'sporty'],
    ['네온 옐로우 드라이핏 반팔 티', 'TOP', {}, 'sporty'],
    ['등산화', 'SHOES', {}, 'outdoor'],
    ['바람막이', 'OUTER', {}, 'outdoor'],
    ['프릴 블라우스', 'TOP', {}, 'lovely'],
    ['빈티지 데님 자켓', 'OUTER', {}, 'vintage'],
  ] as const)('%s %j → %s', (name, type, attributes, style) => {
    expect(profile(name, type, attributes).style).toBe(style);
  });

  it('leaves the style unknown when nothing says it, and does not read words inside others', () => {
    expect(profile('옥스포드 셔츠', 'TOP').style).toBe(null);
    expect(profile('면바지', 'BOTTOM').style).toBe(null);
    expect(profile('레이스업 부츠', 'SHOES').style).toBe(null);
    expect(profile('운동화', 'SHOES').style).toBe(null);
  });

  it('keeps 포멀 away from 스포티 and 아웃도어 (shoes too), and 스트릿/빈티지/러블리 with 캐주얼/미니멀', () => {
    const clash: [StyleFamily, StyleFamily][] = [
      ['formal', 'sporty'],
      ['formal', 'outdoor'],
      ['formal', 'street'],
      ['formal', 'vintage'],
      ['formal', 'lovely'],
      ['street', 'vintage'],
      ['street', 'lovely'],
      ['vintage', 'lovely'],
      ['vintage', 'sporty'],
      ['lovely', 'outdoor'],
    ];
    const fine: [StyleFamily, StyleFamily][] = [
      ['casual', 'formal'],
      ['minimal', 'formal'],
      ['casual', 'sporty'],
      ['minimal', 'lovely'],
      ['casual', 'street'],
      ['minimal', 'vintage'],
      ['formal', 'formal'],
      ['sporty', 'outdoor'],
      ['sporty', 'street'],
      ['outdoor', 'street'],
    ];
    for (const [a, b] of clash) {
      expect(stylesClash(a, b), `${a}/${b}`).toBe(true);
      expect(stylesClash(b, a), `${b}/${a}`).toBe(true);
    }
    for (const [a, b] of fine) {
      expect(stylesClash(a, b), `${a}/${b}`).toBe(false);
      expect(stylesClash(b, a), `${b}/${a}`).toBe(false);
    }
    expect(stylesClash(null, 'formal')).toBe(false);
    // The cases, read from names.
    const style = (name: string, type: ClothesType) => profile(name, type).style;
    expect(stylesClash(style('브라운 옥스포드 구두', 'SHOES'), style('블랙 트레이닝 반바지', 'BOTTOM'))).toBe(
      true,
    );
    expect(stylesClash(style('러닝화', 'SHOES'), style('정장 슬랙스', 'BOTTOM'))).toBe(true);
    expect(stylesClash(style('로퍼', 'SHOES'), style('조거 팬츠', 'BOTTOM'))).toBe(true);
  });

  it('groups the families into the largest sets that never clash', () => {
    const sorted = STYLE_GROUPS.map((g) => [...g].sort().join(',')).sort();
    expect(sorted).toEqual([
      'casual,formal,minimal',
      'casual,lovely,minimal',
      'casual,minimal,outdoor,sporty,street',
      'casual,minimal,vintage',
    ]);
    for (const g of STYLE_GROUPS) for (const a of g) for (const b of g) expect(stylesClash(a, b)).toBe(false);
  });
});

describe('colour families', () => {
  it.each([
    // The seeded 색상 values.
    ['셔츠', { 색상: '블랙' }, 'black'],
    ['셔츠', { 색상: '화이트' }, 'white'],
    ['셔츠', { 색상: '아이보리' }, 'white'],
    ['셔츠', { 색상: '차콜' }, 'grey'],
    ['셔츠', { 색상: '네이비' }, 'navy'],
    ['셔츠', { 색상: '카키' }, 'khaki'],
    ['셔츠', { 색상: '와인' }, 'red'],
    ['셔츠', { 색상: '민트' }, 'green'],
    ['셔츠', { 색상: '스카이블루' }, 'blue'],
    ['셔츠', { 색상: '골드' }, 'metallic'],
    ['셔츠', { 색상: '멀티' }, 'multi'],
    // Renamed or added values.
    ['셔츠', { 색상: '버건디' }, 'red'],
    ['셔츠', { 색상: '연보라' }, 'purple'],
    ['셔츠', { 색상: '크림' }, 'white'],
    ['셔츠', { 색상: '올리브' }, 'khaki'],
    ['셔츠', { 컬러: 'Navy' }, 'navy'],
    // Names.
    ['빨간 니트', {}, 'red'],
    ['초록 슬랙스', {}, 'green'],
    ['검정 청바지', {}, 'black'],
    ['네온 옐로우 드라이핏 반팔 티', {}, 'yellow'],
    ['화이트 레드 스트라이프 티', {}, 'red'],
    ['빨강 파랑 체크 셔츠', {}, 'multi'],
    ['블랙 화이트 셔츠', {}, 'black'],
    // Denim's blue is a neutral; a colour attribute that is not blue wins.
    ['청바지', {}, 'denim'],
    ['청바지', { 색상: '블루' }, 'denim'],
    ['바지', { 색상: '스카이블루', 소재: '데님' }, 'denim'],
    ['청바지', { 색상: '블랙' }, 'black'],
    ['블루 셔츠', {}, 'blue'],
  ] as const)('%s %j → %s', (name, attributes, colour) => {
    expect(profile(name, 'TOP', attributes).colour).toBe(colour);
  });

  it('leaves the colour unknown when nothing says it', () => {
    expect(profile('셔츠', 'TOP').colour).toBe(null);
    expect(profile('셔츠', 'TOP', { 색상: '기타' }).colour).toBe(null);
    // Colour words inside English words do not count.
    expect(profile('tailored shirt', 'TOP').colour).toBe(null);
  });

  it('lets neutrals go with anything, one accent family (tone on tone), never two accents or two prints', () => {
    const neutrals: ColourFamily[] = ['black', 'white', 'grey', 'navy', 'beige', 'brown', 'khaki', 'denim'];
    const accents: ColourFamily[] = ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'multi'];
    for (const n of neutrals) {
      for (const x of [...neutrals, ...accents, null]) expect(coloursClash(n, x), `${n}/${x}`).toBe(false);
    }
    for (const a of accents)
      for (const b of accents) expect(coloursClash(a, b), `${a}/${b}`).toBe(a === 'multi' || a !== b);
    // 레드 and 와인 are one family: tone on tone.
    const colour = (value: string) => profile('셔츠', 'TOP', { 색상: value }).colour;
    expect(coloursClash(colour('레드'), colour('와인'))).toBe(false);
    expect(coloursClash(colour('그린'), colour('민트'))).toBe(false);
    expect(coloursClash(colour('레드'), colour('그린'))).toBe(true);
    expect(coloursClash(colour('옐로우'), colour('핑크'))).toBe(true);
  });
});

describe('material rules', () => {
  const dry = (degrees: number) => ({ wet: false, degrees });
  const wet = (degrees: number) => ({ wet: true, degrees });

  it('reads materials from 소재 (renamed values too) and the name', () => {
    expect(profile('셔츠', 'TOP', { 소재: '린넨' }).materials).toEqual(['linen']);
    expect(profile('셔츠', 'TOP', { 소재: '리넨 100%' }).materials).toEqual(['linen']);
    expect(profile('블라우스', 'TOP', { 소재: '실크' }).materials).toEqual(['silk']);
    expect(profile('코트', 'OUTER', { 소재: '모직' }).materials).toEqual(['wool']);
    expect(profile('아우터', 'OUTER', { 소재: '패딩(다운)' }).materials).toEqual(['down']);
    expect(profile('캐시미어 니트', 'TOP').materials).toEqual(['cashmere']);
    expect(profile('골덴 바지', 'BOTTOM').materials).toEqual(['corduroy']);
    expect(profile('겨울 셔츠', 'TOP').materials).toEqual([]);
  });

  it('keeps suede and canvas shoes and silk, linen and suede outers home in the rain or snow', () => {
    const rule = (name: string, type: ClothesType, slot: string, a: Record<string, string> = {}) =>
      materialRuleBroken(profile(name, type, a), slot, wet(15));
    expect(rule('스웨이드 부츠', 'SHOES', 'SHOES')).toBe('rain');
    expect(rule('스니커즈', 'SHOES', 'SHOES', { 소재: '캔버스' })).toBe('rain');
    expect(rule('실크 블루종', 'OUTER', 'OUTER')).toBe('rain');
    expect(rule('린넨 자켓', 'OUTER', 'OUTER')).toBe('rain');
    expect(rule('스웨이드 자켓', 'OUTER', 'OUTER')).toBe('rain');
    // Waterproofed, or not suede at all: fine.
    expect(rule('스웨이드 부츠', 'SHOES', 'SHOES', { 방수: '예' })).toBe(null);
    expect(rule('가죽 부츠', 'SHOES', 'SHOES')).toBe(null);
    // A linen top under the outer is not an outer.
    expect(rule('린넨 셔츠', 'TOP', 'TOP')).toBe(null);
    expect(materialRuleBroken(profile('스웨이드 부츠', 'SHOES'), 'SHOES', dry(15))).toBe(null);
  });

  it('keeps linen and silk tops, bottoms and dresses home when it feels 9 °C or colder', () => {
    const silk = profile('실크 블라우스', 'TOP');
    expect(materialRuleBroken(silk, 'TOP', dry(9))).toBe('cold');
    expect(materialRuleBroken(silk, 'TOP', dry(10))).toBe(null);
    expect(materialRuleBroken(profile('린넨 원피스', 'DRESS'), 'DRESS', dry(3))).toBe('cold');
    expect(materialRuleBroken(profile('린넨 바지', 'BOTTOM'), 'BOTTOM', dry(-2))).toBe('cold');
    expect(materialRuleBroken(profile('실크 스카프', 'SCARF'), 'SCARF', dry(3))).toBe(null);
  });

  it('keeps wool, cashmere, fleece, down and corduroy home from 25 °C', () => {
    for (const [name, type] of [
      ['울 반팔 니트', 'TOP'],
      ['캐시미어 가디건', 'OUTER'],
      ['플리스 집업', 'OUTER'],
      ['경량 패딩 조끼', 'OUTER'],
      ['코듀로이 반바지', 'BOTTOM'],
    ] as const) {
      const p = profile(name, type);
      expect(materialRuleBroken(p, type, dry(25)), name).toBe('heat');
      expect(materialRuleBroken(p, type, dry(24)), name).toBe(null);
    }
    expect(materialRuleBroken(profile('면 반팔', 'TOP'), 'TOP', dry(31))).toBe(null);
  });
});
