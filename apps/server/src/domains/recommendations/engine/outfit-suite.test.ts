import { afterAll, describe, expect, it } from 'vitest';
import type { ClothesType, PrecipitationType, SkyStatus } from '@otboo/contract';
import { inferProfile } from './garment-profile.js';
import { buildPieceReason, buildReason } from './reason.js';
import {
  recommend,
  type Candidate,
  type EngineWeather,
  type Recommendation,
  type WearRecord,
} from './recommend.js';

/**
 * The labelled outfit suite: closets of 12–30 garments in which warmth alone does not decide (several pieces fit
 * each slot), each garment labelled by hand with the bands a person would wear it in, the style and colour family
 * a person sees in it, and its fabric. A rule checker written from the rules as stated (docs/recommendations.md
 * §4), not from the engine's tables, checks every outfit and its '다른 옷 추천' repeat: warm enough, dry enough,
 * consistent in style, harmonious in colour, sensible in material, and a reason per piece.
 */

type Style = '캐주얼' | '미니멀' | '포멀' | '스포티' | '아웃도어' | '스트릿' | '빈티지' | '러블리';
type Hue = 'neutral' | 'red' | 'orange' | 'yellow' | 'green' | 'blue' | 'purple' | 'pink' | 'multi';
type Fabric = 'linen' | 'silk' | 'suede' | 'canvas' | 'wool' | 'cashmere' | 'fleece' | 'down' | 'corduroy';

interface Labelled {
  name: string;
  type: ClothesType;
  attributes?: Record<string, string>;
  /** Bands a person would wear it in (0 = 28 °C+, 7 = 4 °C and below). */
  ok: [number, number];
  style?: Style;
  hue?: Hue;
  fabric?: Fabric[];
  waterproof?: true;
}

const ANY: [number, number] = [0, 7];

/** Office and gym side by side: formal and sporty pieces of every warmth, neutral colours with one neon. */
const OFFICE_AND_GYM: Labelled[] = [
  { name: '화이트 옥스포드 셔츠', type: 'TOP', attributes: { 스타일: '포멀' }, ok: [1, 4], style: '포멀' },
  { name: '네온 옐로우 드라이핏 반팔 티', type: 'TOP', ok: [0, 1], style: '스포티', hue: 'yellow' },
  { name: '그레이 트레이닝 맨투맨', type: 'TOP', ok: [3, 5], style: '스포티' },
  { name: '블랙 반팔 티셔츠', type: 'TOP', attributes: { 스타일: '캐주얼' }, ok: [0, 2], style: '캐주얼' },
  { name: '네이비 니트', type: 'TOP', attributes: { 스타일: '미니멀' }, ok: [3, 6], style: '미니멀' },
  { name: '차콜 정장 슬랙스', type: 'BOTTOM', ok: [2, 6], style: '포멀' },
  { name: '블랙 트레이닝 반바지', type: 'BOTTOM', ok: [0, 1], style: '스포티' },
  { name: '그레이 조거 팬츠', type: 'BOTTOM', ok: [2, 6], style: '스포티' },
  { name: '베이지 면바지', type: 'BOTTOM', attributes: { 스타일: '캐주얼' }, ok: [1, 5], style: '캐주얼' },
  { name: '네이비 면 반바지', type: 'BOTTOM', ok: [0, 1] },
  { name: '네이비 블레이저', type: 'OUTER', ok: [3, 5], style: '포멀' },
  {
    name: '블랙 바람막이',
    type: 'OUTER',
    attributes: { 방수: '예' },
    ok: [2, 5],
    style: '아웃도어',
    waterproof: true,
  },
  {
    name: '차콜 울 코트',
    type: 'OUTER',
    attributes: { 소재: '울', 두께: '두꺼움' },
    ok: [5, 7],
    style: '포멀',
    fabric: ['wool'],
  },
  { name: '블랙 패딩', type: 'OUTER', ok: [6, 7], fabric: ['down'] },
  { name: '그레이 후드집업', type: 'OUTER', attributes: { 스타일: '스포티' }, ok: [2, 4], style: '스포티' },
  { name: '브라운 옥스포드 구두', type: 'SHOES', ok: ANY, style: '포멀' },
  { name: '블랙 러닝화', type: 'SHOES', ok: ANY, style: '스포티' },
  { name: '화이트 가죽 스니커즈', type: 'SHOES', ok: ANY },
  { name: '블랙 로퍼', type: 'SHOES', ok: ANY, style: '포멀' },
  { name: '양말', type: 'SOCKS', ok: ANY },
  { name: '장우산', type: 'ACCESSORY', ok: ANY },
];

/** Colourful basics: accents of every family, all casual, so only the colours decide. */
const COLOURS: Labelled[] = [
  { name: '빨간 니트', type: 'TOP', ok: [3, 6], hue: 'red' },
  { name: '와인 셔츠', type: 'TOP', ok: [1, 4], hue: 'red' },
  { name: '옐로우 반팔 티', type: 'TOP', ok: [0, 1], hue: 'yellow' },
  { name: '화이트 반팔 티', type: 'TOP', ok: [0, 1] },
  { name: '블루 셔츠', type: 'TOP', ok: [1, 4], hue: 'blue' },
  { name: '그린 맨투맨', type: 'TOP', ok: [3, 5], hue: 'green' },
  { name: '멀티 스트라이프 티셔츠', type: 'TOP', ok: [0, 3], hue: 'multi' },
  { name: '그레이 니트', type: 'TOP', ok: [3, 6] },
  { name: '초록 면바지', type: 'BOTTOM', ok: [1, 4], hue: 'green' },
  { name: '블랙 청바지', type: 'BOTTOM', ok: [2, 6] },
  { name: '연청 청바지', type: 'BOTTOM', ok: [2, 6] },
  { name: '빨간 반바지', type: 'BOTTOM', ok: [0, 1], hue: 'red' },
  { name: '베이지 반바지', type: 'BOTTOM', ok: [0, 1] },
  { name: '꽃무늬 스커트', type: 'BOTTOM', ok: [0, 3], hue: 'multi' },
  { name: '핑크 스커트', type: 'BOTTOM', ok: [0, 3], hue: 'pink' },
  { name: '빨간 가디건', type: 'OUTER', ok: [1, 4], hue: 'red' },
  { name: '네이비 자켓', type: 'OUTER', ok: [3, 5] },
  { name: '카키 야상', type: 'OUTER', ok: [4, 5] },
  { name: '옐로우 패딩', type: 'OUTER', ok: [6, 7], hue: 'yellow', fabric: ['down'] },
  { name: '블랙 롱패딩', type: 'OUTER', ok: [6, 7], fabric: ['down'] },
  { name: '빨간 스니커즈', type: 'SHOES', ok: ANY, hue: 'red' },
  { name: '화이트 스니커즈', type: 'SHOES', ok: ANY },
  { name: '블랙 부츠', type: 'SHOES', ok: [4, 7] },
  { name: '핑크 비니', type: 'HAT', ok: [6, 7], hue: 'pink' },
  { name: '그레이 비니', type: 'HAT', ok: [6, 7] },
  { name: '초록 목도리', type: 'SCARF', ok: [6, 7], hue: 'green' },
  { name: '베이지 목도리', type: 'SCARF', ok: [6, 7] },
  { name: '빨간 장갑', type: 'ACCESSORY', ok: [6, 7], hue: 'red' },
];

/** Fabrics that suit one weather and not another: linen, silk, suede, canvas, wool, fleece, down, corduroy. */
const FABRICS: Labelled[] = [
  { name: '실크 블라우스', type: 'TOP', ok: [1, 4], fabric: ['silk'] },
  { name: '린넨 셔츠', type: 'TOP', ok: [0, 2], fabric: ['linen'] },
  { name: '면 셔츠', type: 'TOP', ok: [1, 5] },
  { name: '울 니트', type: 'TOP', ok: [4, 7], fabric: ['wool'] },
  { name: '캐시미어 터틀넥', type: 'TOP', ok: [4, 7], fabric: ['cashmere'] },
  { name: '면 반팔 티셔츠', type: 'TOP', ok: [0, 1] },
  { name: '울 반팔 니트', type: 'TOP', ok: [1, 3], fabric: ['wool'] },
  { name: '린넨 팬츠', type: 'BOTTOM', ok: [0, 2], fabric: ['linen'] },
  { name: '코듀로이 팬츠', type: 'BOTTOM', ok: [4, 6], fabric: ['corduroy'] },
  { name: '면 반바지', type: 'BOTTOM', ok: [0, 1] },
  { name: '울 슬랙스', type: 'BOTTOM', ok: [3, 6], style: '포멀', fabric: ['wool'] },
  { name: '청바지', type: 'BOTTOM', ok: [2, 6] },
  { name: '기모 바지', type: 'BOTTOM', ok: [5, 7], fabric: ['fleece'] },
  { name: '린넨 원피스', type: 'DRESS', ok: [0, 2], fabric: ['linen'] },
  { name: '니트 원피스', type: 'DRESS', ok: [4, 7] },
  { name: '스웨이드 자켓', type: 'OUTER', ok: [4, 5], fabric: ['suede'] },
  { name: '린넨 자켓', type: 'OUTER', ok: [2, 4], fabric: ['linen'] },
  { name: '레인코트', type: 'OUTER', ok: [0, 5], waterproof: true },
  { name: '울 코트', type: 'OUTER', ok: [5, 7], fabric: ['wool'] },
  { name: '플리스 집업', type: 'OUTER', ok: [5, 6], fabric: ['fleece'] },
  { name: '패딩', type: 'OUTER', attributes: { 방수: '예' }, ok: [6, 7], fabric: ['down'], waterproof: true },
  { name: '데님 자켓', type: 'OUTER', ok: [3, 5] },
  { name: '스웨이드 첼시 부츠', type: 'SHOES', ok: [4, 7], fabric: ['suede'] },
  { name: '캔버스 스니커즈', type: 'SHOES', ok: [0, 6], fabric: ['canvas'] },
  { name: '가죽 스니커즈', type: 'SHOES', ok: ANY },
  { name: '레인부츠', type: 'SHOES', ok: ANY, waterproof: true },
  { name: '샌들', type: 'SHOES', ok: [0, 2] },
  { name: '울 양말', type: 'SOCKS', ok: [5, 7], fabric: ['wool'] },
  { name: '면 양말', type: 'SOCKS', ok: ANY },
];

/** Names only, no attributes at all: colours and styles are read from the words of the names. */
const NAMES_ONLY: Labelled[] = [
  { name: '검정 정장 자켓', type: 'OUTER', ok: [4, 5], style: '포멀' },
  { name: '남색 트레이닝 집업', type: 'OUTER', ok: [3, 4], style: '스포티' },
  { name: '베이지 트렌치코트', type: 'OUTER', ok: [4, 5] },
  { name: '하얀 와이셔츠', type: 'TOP', ok: [1, 4], style: '포멀' },
  { name: '빨간 맨투맨', type: 'TOP', ok: [3, 5], hue: 'red' },
  { name: '회색 긴팔 티셔츠', type: 'TOP', ok: [2, 5] },
  { name: '초록 반팔 티셔츠', type: 'TOP', ok: [0, 1], hue: 'green' },
  { name: '하얀 반팔 티셔츠', type: 'TOP', ok: [0, 1] },
  { name: '검정 슬랙스', type: 'BOTTOM', ok: [2, 6], style: '포멀' },
  { name: '초록 조거 팬츠', type: 'BOTTOM', ok: [2, 6], style: '스포티', hue: 'green' },
  { name: '연청 청바지', type: 'BOTTOM', ok: [2, 6] },
  { name: '빨간 반바지', type: 'BOTTOM', ok: [0, 1], hue: 'red' },
  { name: '베이지 반바지', type: 'BOTTOM', ok: [0, 1] },
  { name: '갈색 구두', type: 'SHOES', ok: [0, 6], style: '포멀' },
  { name: '흰색 러닝화', type: 'SHOES', ok: ANY, style: '스포티' },
  { name: '검정 운동화', type: 'SHOES', ok: ANY },
  { name: '양말', type: 'SOCKS', ok: ANY },
];

/** Lovely, vintage and street pieces that mix with casual and minimal ones, never with each other or formal. */
const MIXED_STYLES: Labelled[] = [
  {
    name: '플라워 원피스',
    type: 'DRESS',
    attributes: { 스타일: '러블리', 색상: '핑크' },
    ok: [0, 3],
    style: '러블리',
    hue: 'pink',
  },
  { name: '블랙 원피스', type: 'DRESS', attributes: { 스타일: '미니멀' }, ok: [0, 3], style: '미니멀' },
  {
    name: '니트 원피스',
    type: 'DRESS',
    attributes: { 스타일: '빈티지', 색상: '브라운' },
    ok: [4, 7],
    style: '빈티지',
  },
  {
    name: '그래픽 후드',
    type: 'TOP',
    attributes: { 스타일: '스트릿', 색상: '블랙' },
    ok: [3, 5],
    style: '스트릿',
  },
  {
    name: '체크 셔츠',
    type: 'TOP',
    attributes: { 스타일: '빈티지', 색상: '레드' },
    ok: [1, 4],
    style: '빈티지',
    hue: 'red',
  },
  { name: '프릴 블라우스', type: 'TOP', attributes: { 색상: '화이트' }, ok: [1, 4], style: '러블리' },
  { name: '화이트 티셔츠', type: 'TOP', attributes: { 스타일: '캐주얼' }, ok: [0, 3], style: '캐주얼' },
  {
    name: '카고 팬츠',
    type: 'BOTTOM',
    attributes: { 스타일: '스트릿', 색상: '카키' },
    ok: [2, 6],
    style: '스트릿',
  },
  {
    name: '플리츠 스커트',
    type: 'BOTTOM',
    attributes: { 스타일: '러블리', 색상: '핑크' },
    ok: [0, 3],
    style: '러블리',
    hue: 'pink',
  },
  { name: '청바지', type: 'BOTTOM', attributes: { 스타일: '캐주얼' }, ok: [2, 6], style: '캐주얼' },
  { name: '정장 슬랙스', type: 'BOTTOM', attributes: { 색상: '블랙' }, ok: [2, 6], style: '포멀' },
  {
    name: '트위드 자켓',
    type: 'OUTER',
    attributes: { 스타일: '러블리', 색상: '아이보리' },
    ok: [4, 5],
    style: '러블리',
    fabric: ['wool'],
  },
  {
    name: '레더 자켓',
    type: 'OUTER',
    attributes: { 스타일: '스트릿', 색상: '블랙' },
    ok: [4, 6],
    style: '스트릿',
  },
  {
    name: '가디건',
    type: 'OUTER',
    attributes: { 스타일: '미니멀', 색상: '그레이' },
    ok: [1, 4],
    style: '미니멀',
  },
  {
    name: '메리제인 슈즈',
    type: 'SHOES',
    attributes: { 스타일: '러블리', 색상: '블랙' },
    ok: [0, 6],
    style: '러블리',
  },
  {
    name: '워커',
    type: 'SHOES',
    attributes: { 스타일: '스트릿', 색상: '블랙' },
    ok: [4, 7],
    style: '스트릿',
  },
  { name: '로퍼', type: 'SHOES', attributes: { 색상: '브라운' }, ok: [0, 6], style: '포멀' },
  {
    name: '스니커즈',
    type: 'SHOES',
    attributes: { 스타일: '캐주얼', 색상: '화이트' },
    ok: ANY,
    style: '캐주얼',
  },
];

/** Attribute values an admin renamed or added: 버건디, 연보라, 먹색, 오피스룩, 애슬레저, 고프코어, 리넨, 모직 … */
const RENAMED: Labelled[] = [
  {
    name: '셔츠 A',
    type: 'TOP',
    attributes: { 색상: '버건디', 스타일: '오피스룩' },
    ok: [1, 4],
    style: '포멀',
    hue: 'red',
  },
  {
    name: '셔츠 B',
    type: 'TOP',
    attributes: { 색상: '연보라', 스타일: '데일리' },
    ok: [1, 4],
    style: '캐주얼',
    hue: 'purple',
  },
  { name: '셔츠 C', type: 'TOP', attributes: { 색상: '크림', 소재: '리넨' }, ok: [0, 2], fabric: ['linen'] },
  { name: '니트 A', type: 'TOP', attributes: { 색상: '먹색', 소재: '모직' }, ok: [4, 7], fabric: ['wool'] },
  {
    name: '티셔츠 A',
    type: 'TOP',
    attributes: { 색상: '형광 연두', 스타일: '애슬레저' },
    ok: [0, 2],
    style: '스포티',
    hue: 'green',
  },
  { name: '티셔츠 B', type: 'TOP', attributes: { 색상: '오트밀' }, ok: [0, 2] },
  {
    name: '바지 A',
    type: 'BOTTOM',
    attributes: { 색상: '올리브', 스타일: '고프코어' },
    ok: [1, 5],
    style: '아웃도어',
  },
  {
    name: '바지 B',
    type: 'BOTTOM',
    attributes: { 색상: '차콜그레이', 스타일: '오피스룩' },
    ok: [1, 5],
    style: '포멀',
  },
  { name: '바지 C', type: 'BOTTOM', attributes: { 색상: '라벤더' }, ok: [1, 5], hue: 'purple' },
  {
    name: '반바지 A',
    type: 'BOTTOM',
    attributes: { 색상: '스톤 베이지', 두께: '얇음', 계절: '여름' },
    ok: [0, 1],
  },
  {
    name: '아우터 A',
    type: 'OUTER',
    attributes: { 색상: '네이비', 스타일: '오피스룩', 두께: '보통' },
    ok: [3, 5],
    style: '포멀',
  },
  {
    name: '아우터 B',
    type: 'OUTER',
    attributes: { 색상: '블랙', 스타일: '고프코어', 두께: '보통' },
    ok: [3, 5],
    style: '아웃도어',
  },
  {
    name: '아우터 C',
    type: 'OUTER',
    attributes: { 색상: '카멜', 소재: '모직', 두께: '두꺼움' },
    ok: [5, 7],
    fabric: ['wool'],
  },
  {
    name: '신발 A',
    type: 'SHOES',
    attributes: { 색상: '브라운', 스타일: '오피스룩' },
    ok: ANY,
    style: '포멀',
  },
  {
    name: '신발 B',
    type: 'SHOES',
    attributes: { 색상: '화이트', 스타일: '애슬레저' },
    ok: ANY,
    style: '스포티',
  },
  { name: '신발 C', type: 'SHOES', attributes: { 색상: '형광 핑크' }, ok: ANY, hue: 'pink' },
];

/** Wet-day gear of different styles: the waterproof piece must also go with the rest. */
const RAIN_STYLES: Labelled[] = [
  {
    name: '방수 트렌치코트',
    type: 'OUTER',
    attributes: { 스타일: '포멀', 색상: '베이지' },
    // Over a knit, a waterproof trench is what one wears on a cold rainy day.
    ok: [3, 6],
    style: '포멀',
    waterproof: true,
  },
  {
    name: '아노락',
    type: 'OUTER',
    attributes: { 방수: '예', 색상: '오렌지' },
    ok: [2, 5],
    style: '아웃도어',
    hue: 'orange',
    waterproof: true,
  },
  { name: '스웨이드 자켓', type: 'OUTER', attributes: { 색상: '브라운' }, ok: [4, 5], fabric: ['suede'] },
  {
    name: '울 코트',
    type: 'OUTER',
    attributes: { 색상: '네이비' },
    ok: [5, 7],
    fabric: ['wool'],
  },
  { name: '화이트 셔츠', type: 'TOP', ok: [1, 4] },
  { name: '네이비 니트', type: 'TOP', ok: [3, 6] },
  { name: '오렌지 맨투맨', type: 'TOP', ok: [3, 5], hue: 'orange' },
  { name: '블루 반팔 티', type: 'TOP', ok: [0, 1], hue: 'blue' },
  { name: '정장 슬랙스', type: 'BOTTOM', attributes: { 색상: '그레이' }, ok: [2, 6], style: '포멀' },
  { name: '조거 팬츠', type: 'BOTTOM', attributes: { 색상: '블랙' }, ok: [2, 6], style: '스포티' },
  { name: '청바지', type: 'BOTTOM', ok: [2, 6] },
  { name: '반바지', type: 'BOTTOM', attributes: { 색상: '네이비' }, ok: [0, 1] },
  {
    name: '스웨이드 로퍼',
    type: 'SHOES',
    attributes: { 색상: '브라운' },
    ok: [0, 6],
    style: '포멀',
    fabric: ['suede'],
  },
  { name: '캔버스 스니커즈', type: 'SHOES', attributes: { 색상: '화이트' }, ok: [0, 6], fabric: ['canvas'] },
  {
    name: '고어텍스 트레킹화',
    type: 'SHOES',
    attributes: { 색상: '그레이' },
    ok: ANY,
    style: '아웃도어',
    waterproof: true,
  },
  { name: '레인부츠', type: 'SHOES', attributes: { 색상: '블랙' }, ok: ANY, waterproof: true },
  { name: '장우산', type: 'ACCESSORY', ok: ANY },
];

interface LabelledWeather {
  temperature: number;
  month: number;
  humidity?: number;
  range?: number;
  precipitation?: PrecipitationType;
  sky?: SkyStatus;
  /** The band a neutral (2.5) person should land in, worked out by hand. */
  band: number;
}

// Calm days (wind 1 m/s, no wind chill); summer days at 55 % humidity, where the KMA summer formula gives about
// the air temperature.
const WEATHERS: Record<string, LabelledWeather> = {
  '31°C 맑음 (8월)': { temperature: 31, month: 8, humidity: 55, sky: 'CLEAR', band: 0 },
  '28°C 비 (7월)': { temperature: 28, month: 7, humidity: 85, precipitation: 'RAIN', band: 0 },
  '26°C (6월)': { temperature: 26, month: 6, humidity: 55, band: 1 },
  '24°C 일교차 11°C (5월)': { temperature: 24, month: 5, humidity: 55, range: 11, band: 1 },
  '21°C (10월)': { temperature: 21, month: 10, band: 2 },
  '18°C (10월)': { temperature: 18, month: 10, band: 3 },
  '14°C (10월)': { temperature: 14, month: 10, band: 4 },
  '14°C 비 (10월)': { temperature: 14, month: 10, precipitation: 'RAIN', band: 4 },
  '10°C (11월)': { temperature: 10, month: 11, band: 5 },
  '7°C (12월)': { temperature: 7, month: 12, band: 6 },
  '6°C 비 (3월)': { temperature: 6, month: 3, precipitation: 'RAIN', band: 6 },
  '0°C 눈 (1월)': { temperature: 0, month: 1, precipitation: 'SNOW', band: 7 },
};

function engineWeather(w: LabelledWeather): EngineWeather {
  const range = w.range ?? 6;
  return {
    temperature: w.temperature,
    min: w.temperature - range * 0.7,
    max: w.temperature + range * 0.3,
    humidity: w.humidity ?? 60,
    windSpeed: 1,
    precipitationType: w.precipitation ?? 'NONE',
    precipitationProbability: w.precipitation ? 90 : 10,
    skyStatus: w.sky ?? (w.precipitation ? 'CLOUDY' : 'MOSTLY_CLOUDY'),
    month: w.month,
  };
}

const closets = new Map<readonly Labelled[], Candidate[]>();
function candidates(closet: readonly Labelled[]): Candidate[] {
  let list = closets.get(closet);
  if (!list) {
    list = closet.map((g) => ({
      id: g.name,
      type: g.type,
      profile: inferProfile({
        id: g.name,
        name: g.name,
        type: g.type,
        attributes: Object.entries(g.attributes ?? {}).map(([name, value]) => ({ name, value })),
      }),
    }));
    closets.set(closet, list);
  }
  return list;
}

const DAY_AT = new Date('2026-01-01T03:00:00Z');

/** Three wears of each favourite in the same weather a month ago: taste pulls every slot towards them. */
function historyOf(favourites: readonly string[], weather: LabelledWeather): WearRecord[] {
  const wornAt = new Date(DAY_AT.getTime() - 30 * 86_400_000);
  return favourites.flatMap((clothesId) =>
    [0, 1, 2].map(() => ({ clothesId, wornAt, apparent: weather.temperature })),
  );
}

function run(
  closet: readonly Labelled[],
  weather: LabelledWeather,
  shown: ReadonlySet<string>,
  favourites: readonly string[] = [],
): Recommendation {
  return recommend({
    weather: engineWeather(weather),
    sensitivity: 2.5,
    closet: candidates(closet),
    history: historyOf(favourites, weather),
    dayAt: DAY_AT,
    shown,
    salt: 'outfit-suite',
  });
}

// ---- The rule checker: the rules as stated, applied to the labels. ----

/** Style pairs that never go together (docs/recommendations.md §4). */
const STYLE_CLASHES: [Style, Style][] = [
  ['포멀', '스포티'],
  ['포멀', '아웃도어'],
  ['포멀', '스트릿'],
  ['포멀', '빈티지'],
  ['포멀', '러블리'],
  ['스트릿', '빈티지'],
  ['스트릿', '러블리'],
  ['빈티지', '러블리'],
  ['빈티지', '스포티'],
  ['빈티지', '아웃도어'],
  ['러블리', '스포티'],
  ['러블리', '아웃도어'],
];
const VISIBLE_SLOTS = ['OUTER', 'TOP', 'BOTTOM', 'DRESS', 'SHOES', 'HAT', 'SCARF', 'GLOVES'];
const MAIN_SLOTS = ['TOP', 'BOTTOM', 'DRESS', 'OUTER', 'SHOES'];
const SLOT_TYPES: Record<string, ClothesType[]> = {
  TOP: ['TOP'],
  BOTTOM: ['BOTTOM'],
  DRESS: ['DRESS'],
  OUTER: ['OUTER'],
  SHOES: ['SHOES'],
};

/** Every rule of one outfit; returns what failed (empty = pass). */
function checkOutfit(closet: readonly Labelled[], weather: LabelledWeather, rec: Recommendation): string[] {
  const failures: string[] = [];
  const fail = (m: string) => failures.push(m);
  const byName = new Map(closet.map((g) => [g.name, g]));
  const band = rec.plan.band;
  const wet = Boolean(weather.precipitation);
  const bigRange = (weather.range ?? 6) >= 8 && band < 4;
  const degrees = Math.round(rec.conditions.personal);
  const chosen = rec.picks.map((p) => ({ slot: p.slot, g: byName.get(p.id)!, pick: p }));
  const inSlot = (slot: string) => chosen.filter((c) => c.slot === slot).map((c) => c.g);
  const ofSlot = (slot: string) => closet.filter((g) => (SLOT_TYPES[slot] ?? []).includes(g.type));
  const okFor = (g: Labelled, b: number) => g.ok[0] <= b && b <= g.ok[1];
  const fits = (slot: string) => (g: Labelled) =>
    slot === 'OUTER' && bigRange ? [band, band + 1, band + 2].some((b) => okFor(g, b)) : okFor(g, band);
  const fabric = (g: Labelled, list: Fabric[]) => (g.fabric ?? []).some((f) => list.includes(f));

  if (band !== weather.band) fail(`band ${band}, labelled ${weather.band}`);
  if (new Set(rec.picks.map((p) => p.slot)).size !== rec.picks.length) fail('a slot twice');

  // Complete and warm enough: each main piece one a person would wear, whenever the closet has one.
  const hasPair = inSlot('TOP').length === 1 && inSlot('BOTTOM').length === 1;
  const hasDress = inSlot('DRESS').length === 1;
  const canPair = ofSlot('TOP').some(fits('TOP')) && ofSlot('BOTTOM').some(fits('BOTTOM'));
  const canDress = ofSlot('DRESS').some(fits('DRESS'));
  if ((canPair || canDress) && !hasPair && !hasDress) fail('incomplete outfit');
  for (const slot of MAIN_SLOTS)
    for (const g of inSlot(slot))
      if (!fits(slot)(g) && ofSlot(slot).some(fits(slot))) fail(`${g.name} does not suit band ${band}`);
  if ((band >= 4 || bigRange) && ofSlot('OUTER').some(fits('OUTER')) && inSlot('OUTER').length === 0)
    fail('no outer');
  if (band <= 1 && !bigRange && inSlot('OUTER').some((g) => !(wet && g.waterproof)))
    fail('an outer in the heat');
  if (ofSlot('SHOES').some(fits('SHOES')) && inSlot('SHOES').length === 0) fail('no shoes');

  // Dry enough.
  if (wet) {
    const shoes = inSlot('SHOES');
    if (ofSlot('SHOES').some((g) => g.waterproof && fits('SHOES')(g)) && !shoes.some((g) => g.waterproof))
      fail('no waterproof shoes');
    const dryShoe = (g: Labelled) => !fabric(g, ['suede', 'canvas']) && fits('SHOES')(g);
    if (shoes.some((g) => fabric(g, ['suede', 'canvas'])) && ofSlot('SHOES').some(dryShoe))
      fail('suede or canvas shoes in the rain');
    const dryOuter = (g: Labelled) =>
      (g.waterproof || !fabric(g, ['silk', 'linen', 'suede'])) && fits('OUTER')(g);
    if (
      inSlot('OUTER').some((g) => !g.waterproof && fabric(g, ['silk', 'linen', 'suede'])) &&
      ofSlot('OUTER').some(dryOuter)
    )
      fail('a silk, linen or suede outer in the rain');
  }

  // Sensible in material.
  for (const { slot, g } of chosen) {
    const alternatives = ofSlot(slot).filter(fits(slot));
    if (degrees <= 9 && ['TOP', 'BOTTOM', 'DRESS'].includes(slot) && fabric(g, ['linen', 'silk']))
      if (alternatives.some((a) => !fabric(a, ['linen', 'silk']))) fail(`${g.name} at ${degrees} °C`);
    const heavy: Fabric[] = ['wool', 'cashmere', 'fleece', 'down', 'corduroy'];
    if (degrees >= 25 && fabric(g, heavy) && alternatives.some((a) => !fabric(a, heavy)))
      fail(`${g.name} at ${degrees} °C`);
  }

  // Consistent in style, harmonious in colour.
  const seen = chosen.filter((c) => VISIBLE_SLOTS.includes(c.slot)).map((c) => c.g);
  for (const a of seen)
    for (const b of seen) {
      if (a === b || !a.style || !b.style) continue;
      if (STYLE_CLASHES.some(([x, y]) => x === a.style && y === b.style))
        fail(`${a.name} (${a.style}) with ${b.name} (${b.style})`);
    }
  const accents = seen.filter((g) => g.hue && g.hue !== 'neutral');
  const families = new Set(accents.map((g) => g.hue));
  if (families.size > 1) fail(`accents ${accents.map((g) => `${g.name} (${g.hue})`).join(', ')}`);
  if (families.has('multi') && accents.length > 1) fail('a print with another accent');

  // A reason per piece, and the outfit's one-line reason.
  for (const c of chosen) {
    const reason = buildPieceReason(c.pick, rec);
    if (!reason || /undefined|null|NaN/.test(reason) || reason.length > 60)
      fail(`reason of ${c.g.name}: "${reason}"`);
  }
  const summary = buildReason(rec, closet.length);
  if (!/^체감 -?\d+°C/.test(summary) || summary.length > 140) fail(`reason "${summary}"`);
  if (rec.compromises.length)
    fail(`compromises ${rec.compromises.join(', ')} although the closet allows better`);
  return failures;
}

/** The first outfit and its '다른 옷 추천' repeat: both keep every rule, and the repeat is another outfit. */
function checkCase(
  closet: readonly Labelled[],
  weather: LabelledWeather,
  favourites: readonly string[],
): string[] {
  const first = run(closet, weather, new Set(), favourites);
  const second = run(closet, weather, new Set(first.picks.map((p) => p.id)), favourites);
  const signature = (r: Recommendation) =>
    r.picks
      .map((p) => p.id)
      .sort()
      .join(',');
  return [
    ...checkOutfit(closet, weather, first).map((f) => `first: ${f}`),
    ...checkOutfit(closet, weather, second).map((f) => `repeat: ${f}`),
    ...(signature(first) === signature(second) ? ['the repeat is the same outfit'] : []),
  ];
}

const ALL = Object.keys(WEATHERS);
const except = (...names: string[]) => ALL.filter((w) => !names.includes(w));
/** The user's favourites in some closets: accents and fabrics that taste would pick for every slot. */
const COLOUR_FAVOURITES = [
  '빨간 스니커즈',
  '초록 면바지',
  '옐로우 반팔 티',
  '그린 맨투맨',
  '빨간 반바지',
  '블루 셔츠',
  '핑크 비니',
  '초록 목도리',
  '옐로우 패딩',
  '꽃무늬 스커트',
  '빨간 가디건',
];
const FABRIC_FAVOURITES = [
  '실크 블라우스',
  '린넨 팬츠',
  '린넨 자켓',
  '스웨이드 자켓',
  '스웨이드 첼시 부츠',
  '캔버스 스니커즈',
  '울 반팔 니트',
  '코듀로이 팬츠',
  '플리스 집업',
  '울 양말',
];

const CLOSETS: [string, Labelled[], string[], string[]?][] = [
  ['OFFICE_AND_GYM', OFFICE_AND_GYM, ALL],
  ['COLOURS', COLOURS, ALL],
  ['COLOURS with accent favourites', COLOURS, ALL, COLOUR_FAVOURITES],
  ['FABRICS', FABRICS, ALL],
  ['FABRICS with fabric favourites', FABRICS, ALL, FABRIC_FAVOURITES],
  // No rain gear and nothing for the deep cold.
  ['NAMES_ONLY', NAMES_ONLY, except('28°C 비 (7월)', '6°C 비 (3월)', '0°C 눈 (1월)')],
  ['MIXED_STYLES', MIXED_STYLES, except('28°C 비 (7월)', '14°C 비 (10월)', '6°C 비 (3월)', '0°C 눈 (1월)')],
  ['RENAMED', RENAMED, except('28°C 비 (7월)')],
  ['RAIN_STYLES', RAIN_STYLES, except('31°C 맑음 (8월)', '24°C 일교차 11°C (5월)')],
];

const cases = CLOSETS.flatMap(([closetName, closet, weathers, favourites = []]) =>
  weathers.map((w) => ({
    label: `${closetName} · ${w}`,
    run: () => checkCase(closet, WEATHERS[w]!, favourites),
  })),
);

const results: { label: string; failures: string[] }[] = [];

describe('labelled outfit suite', () => {
  it('has at least 60 cases, of closets of 12–30 garments', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const [, closet] of CLOSETS) {
      expect(closet.length).toBeGreaterThanOrEqual(12);
      expect(closet.length).toBeLessThanOrEqual(30);
    }
  });

  it.each(cases.map((c) => [c.label, c] as const))('%s', (_label, c) => {
    const failures = c.run();
    results.push({ label: c.label, failures });
    expect(failures).toEqual([]);
  });

  afterAll(() => {
    const passed = results.filter((r) => r.failures.length === 0).length;
    const rate = ((100 * passed) / results.length).toFixed(1);
    console.log(`labelled outfit suite: ${passed}/${results.length} cases passed (${rate}%)`);
    for (const r of results) if (r.failures.length) console.log(`  ✗ ${r.label}: ${r.failures.join('; ')}`);
  });
});
