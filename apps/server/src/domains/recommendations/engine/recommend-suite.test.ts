import { afterAll, describe, expect, it } from 'vitest';
import type { ClothesType, PrecipitationType, SkyStatus } from '@otboo/contract';
import { inferProfile } from './garment-profile.js';
import { recommend, type Candidate, type EngineWeather, type Recommendation } from './recommend.js';
import { buildReason } from './reason.js';

/**
 * The labelled recommendation suite: weather × closet × sensitivity cases, each garment labelled by hand with the
 * bands a person would wear it in (from the Korean 기온별 옷차림 chart) and tags, each weather labelled with the
 * band it should land in. The engine never sees the labels; the checks compare its outfits against them.
 */

type Tag =
  | 'padding'
  | 'coat'
  | 'knit'
  | 'heavy'
  | 'thick-outer'
  | 'sleeveless'
  | 'shorts'
  | 'sandals'
  | 'waterproof'
  | 'suede'
  | 'canvas'
  | 'warm-hat'
  | 'sun-hat'
  | 'warm-scarf'
  | 'gloves'
  | 'umbrella'
  | 'thermal';

interface Labelled {
  name: string;
  type: ClothesType;
  attributes?: Record<string, string>;
  /** Bands a person would wear it in (0 = 28 °C+, 7 = 4 °C and below). */
  ok: [number, number];
  tags?: Tag[];
}

const ANY: [number, number] = [0, 7];

const FULL: Labelled[] = [
  { name: '롱패딩', type: 'OUTER', ok: [6, 7], tags: ['padding', 'heavy', 'thick-outer'] },
  { name: '숏패딩', type: 'OUTER', ok: [6, 7], tags: ['padding', 'heavy', 'thick-outer'] },
  {
    name: '울 코트',
    type: 'OUTER',
    attributes: { 두께: '두꺼움', 소재: '울' },
    ok: [5, 7],
    tags: ['coat', 'heavy', 'thick-outer'],
  },
  { name: '트렌치코트', type: 'OUTER', ok: [4, 5], tags: ['coat'] },
  { name: '가죽자켓', type: 'OUTER', ok: [4, 6] },
  { name: '데님 자켓', type: 'OUTER', ok: [3, 5] },
  { name: '바람막이', type: 'OUTER', attributes: { 방수: '예' }, ok: [2, 5], tags: ['waterproof'] },
  { name: '얇은 가디건', type: 'OUTER', attributes: { 두께: '얇음' }, ok: [1, 4] },
  { name: '민소매 티', type: 'TOP', ok: [0, 1], tags: ['sleeveless'] },
  { name: '반팔 티셔츠', type: 'TOP', ok: [0, 2] },
  { name: '린넨 셔츠', type: 'TOP', ok: [0, 2] },
  { name: '옥스포드 셔츠', type: 'TOP', ok: [1, 5] },
  { name: '긴팔 티셔츠', type: 'TOP', ok: [2, 6] },
  { name: '맨투맨', type: 'TOP', ok: [3, 6] },
  { name: '니트', type: 'TOP', ok: [3, 7], tags: ['knit'] },
  { name: '기모 후드', type: 'TOP', ok: [5, 7], tags: ['heavy'] },
  { name: '터틀넥 니트', type: 'TOP', attributes: { 두께: '두꺼움' }, ok: [5, 7], tags: ['knit', 'heavy'] },
  { name: '반바지', type: 'BOTTOM', ok: [0, 1], tags: ['shorts'] },
  { name: '린넨 팬츠', type: 'BOTTOM', ok: [0, 2] },
  { name: '면바지', type: 'BOTTOM', ok: [1, 5] },
  { name: '청바지', type: 'BOTTOM', ok: [2, 6] },
  { name: '슬랙스', type: 'BOTTOM', ok: [2, 6] },
  { name: '기모 바지', type: 'BOTTOM', ok: [5, 7], tags: ['heavy'] },
  { name: '샌들', type: 'SHOES', ok: [0, 2], tags: ['sandals'] },
  { name: '스니커즈', type: 'SHOES', attributes: { 소재: '캔버스' }, ok: [0, 6], tags: ['canvas'] },
  { name: '가죽 운동화', type: 'SHOES', ok: ANY },
  { name: '첼시 부츠', type: 'SHOES', ok: [4, 7], tags: ['heavy'] },
  { name: '어그부츠', type: 'SHOES', ok: [6, 7], tags: ['heavy'] },
  { name: '양말', type: 'SOCKS', ok: ANY },
  { name: '울 양말', type: 'SOCKS', ok: [5, 7] },
  { name: '비니', type: 'HAT', ok: [6, 7], tags: ['warm-hat'] },
  { name: '볼캡', type: 'HAT', ok: [0, 3], tags: ['sun-hat'] },
  { name: '목도리', type: 'SCARF', ok: [6, 7], tags: ['warm-scarf'] },
  { name: '털장갑', type: 'ACCESSORY', ok: [6, 7], tags: ['gloves'] },
  { name: '장우산', type: 'ACCESSORY', ok: ANY, tags: ['umbrella'] },
  { name: '선글라스', type: 'ACCESSORY', ok: [0, 1] },
  { name: '히트텍', type: 'UNDERWEAR', ok: [5, 7], tags: ['thermal'] },
  { name: '에코백', type: 'BAG', ok: ANY },
];

/** Names say nothing: only the attributes (두께, 계절, 소재, 방수) tell the engine what each garment is. */
const ATTRIBUTES_ONLY: Labelled[] = [
  {
    name: '아우터 A',
    type: 'OUTER',
    attributes: { 두께: '두꺼움', 계절: '겨울', 소재: '패딩(다운)' },
    ok: [6, 7],
    tags: ['padding', 'heavy', 'thick-outer'],
  },
  { name: '아우터 B', type: 'OUTER', attributes: { 두께: '보통', 계절: '가을' }, ok: [3, 5] },
  { name: '아우터 C', type: 'OUTER', attributes: { 두께: '얇음', 계절: '봄' }, ok: [2, 4] },
  { name: '상의 A', type: 'TOP', attributes: { 두께: '얇음', 계절: '여름', 소재: '린넨' }, ok: [0, 2] },
  { name: '상의 B', type: 'TOP', attributes: { 두께: '보통', 계절: '가을', 소재: '면' }, ok: [2, 5] },
  {
    name: '상의 C',
    type: 'TOP',
    attributes: { 두께: '두꺼움', 계절: '겨울', 소재: '울' },
    ok: [5, 7],
    tags: ['heavy', 'knit'],
  },
  { name: '하의 A', type: 'BOTTOM', attributes: { 두께: '얇음', 계절: '여름' }, ok: [0, 2] },
  { name: '하의 B', type: 'BOTTOM', attributes: { 두께: '보통', 소재: '데님' }, ok: [2, 6] },
  {
    name: '하의 C',
    type: 'BOTTOM',
    attributes: { 두께: '두꺼움', 계절: '겨울' },
    ok: [5, 7],
    tags: ['heavy'],
  },
  { name: '신발 A', type: 'SHOES', attributes: { 계절: '여름' }, ok: [0, 2] },
  { name: '신발 B', type: 'SHOES', ok: ANY },
  {
    name: '신발 C',
    type: 'SHOES',
    attributes: { 두께: '두꺼움', 계절: '겨울', 방수: '예' },
    ok: [5, 7],
    tags: ['heavy', 'waterproof'],
  },
  { name: '모자 A', type: 'HAT', attributes: { 계절: '겨울' }, ok: [5, 7], tags: ['warm-hat'] },
];

const DRESSES: Labelled[] = [
  { name: '민소매 원피스', type: 'DRESS', ok: [0, 1], tags: ['sleeveless'] },
  { name: '린넨 원피스', type: 'DRESS', ok: [0, 2] },
  { name: '셔츠 원피스', type: 'DRESS', ok: [1, 4] },
  { name: '니트 원피스', type: 'DRESS', ok: [4, 7], tags: ['knit'] },
  { name: '가디건', type: 'OUTER', ok: [1, 4] },
  { name: '트렌치코트', type: 'OUTER', ok: [4, 5], tags: ['coat'] },
  { name: '울 코트', type: 'OUTER', ok: [5, 7], tags: ['coat', 'heavy', 'thick-outer'] },
  { name: '샌들', type: 'SHOES', ok: [0, 2], tags: ['sandals'] },
  { name: '로퍼', type: 'SHOES', ok: [0, 6] },
  { name: '롱부츠', type: 'SHOES', ok: [4, 7], tags: ['heavy'] },
  { name: '스타킹', type: 'SOCKS', ok: [3, 7] },
];

const MINIMAL: Labelled[] = [
  { name: '반팔 티셔츠', type: 'TOP', ok: [0, 2] },
  { name: '청바지', type: 'BOTTOM', ok: [2, 6] },
  { name: '스니커즈', type: 'SHOES', ok: ANY },
];

const RAIN_GEAR: Labelled[] = [
  { name: '레인코트', type: 'OUTER', ok: [0, 5], tags: ['waterproof'] },
  { name: '트렌치코트', type: 'OUTER', ok: [4, 5], tags: ['coat'] },
  { name: '가디건', type: 'OUTER', ok: [1, 4] },
  {
    name: '패딩',
    type: 'OUTER',
    attributes: { 방수: '예' },
    ok: [6, 7],
    tags: ['padding', 'heavy', 'thick-outer', 'waterproof'],
  },
  { name: '반팔 티셔츠', type: 'TOP', ok: [0, 2] },
  { name: '긴팔 셔츠', type: 'TOP', ok: [1, 5] },
  { name: '니트', type: 'TOP', ok: [3, 7], tags: ['knit'] },
  { name: '반바지', type: 'BOTTOM', ok: [0, 1], tags: ['shorts'] },
  { name: '면바지', type: 'BOTTOM', ok: [1, 5] },
  { name: '청바지', type: 'BOTTOM', ok: [2, 6] },
  { name: '레인부츠', type: 'SHOES', ok: ANY, tags: ['waterproof'] },
  { name: '스웨이드 로퍼', type: 'SHOES', ok: [0, 6], tags: ['suede'] },
  { name: '캔버스 스니커즈', type: 'SHOES', ok: [0, 6], tags: ['canvas'] },
  { name: '장우산', type: 'ACCESSORY', ok: ANY, tags: ['umbrella'] },
];

const CLOSETS = { FULL, ATTRIBUTES_ONLY, DRESSES, MINIMAL, RAIN_GEAR, EMPTY: [] as Labelled[] };
type ClosetName = keyof typeof CLOSETS;

interface LabelledWeather {
  temperature: number;
  humidity: number;
  wind: number;
  month: number;
  range?: number;
  precipitation?: PrecipitationType;
  probability?: number;
  sky?: SkyStatus;
  /** Expected band for sensitivity 0, 2.5 and 5, worked out by hand from the KMA formulas. */
  bands: [number, number, number];
}

const DRY_WEATHERS: Record<string, LabelledWeather> = {
  '34°C 습함 (7월)': { temperature: 34, humidity: 70, wind: 1, month: 7, sky: 'CLEAR', bands: [0, 0, 0] },
  '31°C (8월)': { temperature: 31, humidity: 55, wind: 0.5, month: 8, sky: 'CLEAR', bands: [0, 0, 0] },
  '29°C 건조 (6월)': { temperature: 29, humidity: 30, wind: 1, month: 6, bands: [1, 1, 0] },
  '25°C (6월)': { temperature: 25, humidity: 60, wind: 1, month: 6, bands: [1, 1, 0] },
  '24°C 일교차 11°C (5월)': { temperature: 24, humidity: 50, wind: 1, month: 5, range: 11, bands: [2, 1, 1] },
  '21°C (5월)': { temperature: 21, humidity: 50, wind: 1, month: 5, bands: [3, 2, 1] },
  '20°C 습함 (9월)': { temperature: 20, humidity: 70, wind: 2, month: 9, bands: [3, 2, 1] },
  '18°C (10월)': { temperature: 18, humidity: 60, wind: 2, month: 10, bands: [4, 3, 2] },
  '16°C (4월)': { temperature: 16, humidity: 60, wind: 1, month: 4, bands: [4, 4, 3] },
  '14°C (10월)': { temperature: 14, humidity: 60, wind: 1, month: 10, bands: [4, 4, 3] },
  '12°C 강풍 (3월)': { temperature: 12, humidity: 50, wind: 9.5, month: 3, bands: [5, 4, 4] },
  '10°C (11월)': { temperature: 10, humidity: 60, wind: 1, month: 11, bands: [6, 5, 4] },
  '10°C 바람 6m/s (11월)': { temperature: 10, humidity: 60, wind: 6, month: 11, bands: [6, 6, 5] },
  '7°C (12월)': { temperature: 7, humidity: 60, wind: 1, month: 12, bands: [6, 6, 5] },
  '3°C (1월)': { temperature: 3, humidity: 60, wind: 1, month: 1, bands: [7, 7, 6] },
  '-5°C 바람 3m/s (1월)': { temperature: -5, humidity: 60, wind: 3, month: 1, bands: [7, 7, 7] },
  '-12°C 바람 8m/s (1월)': { temperature: -12, humidity: 60, wind: 8, month: 1, bands: [7, 7, 7] },
};

const WET_WEATHERS: Record<string, LabelledWeather> = {
  '28°C 비 (7월)': {
    temperature: 28,
    humidity: 85,
    wind: 2,
    month: 7,
    precipitation: 'RAIN',
    bands: [0, 0, 0],
  },
  '22°C 비 (6월)': {
    temperature: 22,
    humidity: 90,
    wind: 2,
    month: 6,
    precipitation: 'RAIN',
    bands: [2, 1, 1],
  },
  '19°C 소나기 (9월)': {
    temperature: 19,
    humidity: 80,
    wind: 3,
    month: 9,
    precipitation: 'SHOWER',
    bands: [3, 2, 1],
  },
  '15°C 강수확률 80% (10월)': {
    temperature: 15,
    humidity: 70,
    wind: 2,
    month: 10,
    probability: 80,
    bands: [4, 4, 3],
  },
  '13°C 비 (10월)': {
    temperature: 13,
    humidity: 90,
    wind: 3,
    month: 10,
    precipitation: 'RAIN',
    bands: [5, 4, 4],
  },
  '6°C 비 (3월)': {
    temperature: 6,
    humidity: 90,
    wind: 2,
    month: 3,
    precipitation: 'RAIN',
    bands: [7, 6, 6],
  },
  '2°C 진눈깨비 (12월)': {
    temperature: 2,
    humidity: 90,
    wind: 4,
    month: 12,
    precipitation: 'RAIN_SNOW',
    bands: [7, 7, 7],
  },
  '0°C 눈 (2월)': {
    temperature: 0,
    humidity: 90,
    wind: 3,
    month: 2,
    precipitation: 'SNOW',
    bands: [7, 7, 7],
  },
};

const SENSITIVITIES = [0, 2.5, 5] as const;

function engineWeather(w: LabelledWeather): EngineWeather {
  const range = w.range ?? 6;
  return {
    temperature: w.temperature,
    min: w.temperature - range * 0.7,
    max: w.temperature + range * 0.3,
    humidity: w.humidity,
    windSpeed: w.wind,
    precipitationType: w.precipitation ?? 'NONE',
    precipitationProbability: w.probability ?? (w.precipitation ? 90 : 10),
    skyStatus: w.sky ?? (w.precipitation ? 'CLOUDY' : 'MOSTLY_CLOUDY'),
    month: w.month,
  };
}

function candidates(closet: readonly Labelled[]): Candidate[] {
  return closet.map((g) => ({
    id: g.name,
    type: g.type,
    profile: inferProfile({
      id: g.name,
      name: g.name,
      type: g.type,
      attributes: Object.entries(g.attributes ?? {}).map(([name, value]) => ({ name, value })),
    }),
  }));
}

function run(
  closet: readonly Labelled[],
  weather: LabelledWeather,
  sensitivity: number,
): { rec: Recommendation; reason: string } {
  const rec = recommend({
    weather: engineWeather(weather),
    sensitivity,
    closet: candidates(closet),
    history: [],
    dayAt: new Date('2026-01-01T03:00:00Z'),
    shown: new Set(),
    salt: 'suite',
  });
  return { rec, reason: buildReason(rec, closet.length) };
}

const okFor = (g: Labelled, band: number) => g.ok[0] <= band && band <= g.ok[1];
const has = (g: Labelled, tag: Tag) => g.tags?.includes(tag) ?? false;
const FORBIDDEN: Record<number, Tag[]> = {
  0: ['padding', 'coat', 'knit', 'heavy'],
  5: ['sleeveless', 'shorts', 'sandals'],
  6: ['sleeveless', 'shorts', 'sandals'],
  7: ['sleeveless', 'shorts', 'sandals'],
};
const MAIN_SLOTS = ['TOP', 'BOTTOM', 'DRESS', 'OUTER', 'SHOES'] as const;

/** Every check of one case; returns what failed (empty = pass). */
function check(
  closetName: ClosetName,
  weather: LabelledWeather,
  sensitivity: number,
  expectedBand: number,
): string[] {
  const closet = CLOSETS[closetName];
  const byName = new Map(closet.map((g) => [g.name, g]));
  const { rec, reason } = run(closet, weather, sensitivity);
  const failures: string[] = [];
  const fail = (m: string) => failures.push(m);
  const band = rec.plan.band;
  const wet = Boolean(weather.precipitation) || (weather.probability ?? 0) >= 60;
  const bigRange = (weather.range ?? 6) >= 8 && band < 4;
  const chosen = rec.picks.map((p) => ({ slot: p.slot, g: byName.get(p.id) }));
  const inSlot = (slot: string) => chosen.filter((c) => c.slot === slot).map((c) => c.g!);
  const closetOf = (type: ClothesType) => closet.filter((g) => g.type === type);
  const acceptableOuter = (g: Labelled) =>
    bigRange ? [band, band + 1, band + 2].some((b) => okFor(g, b)) : okFor(g, band);

  if (band !== expectedBand) fail(`band ${band}, labelled ${expectedBand}`);
  // Only the closet's own garments, each slot once.
  for (const c of chosen) if (!c.g) fail(`unknown garment in slot ${c.slot}`);
  if (failures.length) return failures;
  const slots = chosen.map((c) => c.slot);
  if (new Set(slots).size !== slots.length) fail(`a slot twice: ${slots.join(',')}`);
  if (new Set(rec.picks.map((p) => p.id)).size !== rec.picks.length) fail('a garment twice');

  // Complete: top and bottom, or a dress, when the closet can make one.
  const canPair =
    closetOf('TOP').some((g) => okFor(g, band)) && closetOf('BOTTOM').some((g) => okFor(g, band));
  const canDress = closetOf('DRESS').some((g) => okFor(g, band));
  const hasPair = inSlot('TOP').length === 1 && inSlot('BOTTOM').length === 1;
  const hasDress = inSlot('DRESS').length === 1;
  if ((canPair || canDress) && !(hasPair || hasDress)) fail('incomplete outfit');
  if (hasDress && (inSlot('TOP').length || inSlot('BOTTOM').length)) fail('a dress with a top or bottom');

  // Suitable: each main piece is one a person would wear, whenever the closet has one.
  for (const slot of MAIN_SLOTS) {
    for (const g of inSlot(slot)) {
      const fits = slot === 'OUTER' ? acceptableOuter : (x: Labelled) => okFor(x, band);
      const options = closetOf(g.type).filter(fits);
      if (options.length && !fits(g))
        fail(
          `${slot} ${g.name} does not suit band ${band} (could have been ${options.map((o) => o.name).join('/')})`,
        );
      for (const tag of FORBIDDEN[band] ?? []) if (has(g, tag)) fail(`${g.name} is ${tag} at band ${band}`);
    }
  }

  // Outer: needed from 12–16 °C down and on big-range days; never in the heat unless it is rain gear.
  const outers = inSlot('OUTER');
  if ((band >= 4 || bigRange) && closetOf('OUTER').some(acceptableOuter) && outers.length === 0)
    fail('no outer');
  if (band <= 1 && !bigRange && outers.some((g) => !(wet && has(g, 'waterproof'))))
    fail(`outer ${outers[0]!.name} in the heat`);
  if (
    band === 7 &&
    closetOf('OUTER').some((g) => has(g, 'thick-outer')) &&
    !outers.some((g) => has(g, 'thick-outer'))
  )
    fail('no thick outer at 4 °C or below');
  if (band >= 4 && closet.length && closetOf('OUTER').length === 0 && !reason.includes('아우터가 없어요'))
    fail('missing outer not said');

  // Shoes always when some fit.
  if (closetOf('SHOES').some((g) => okFor(g, band)) && inSlot('SHOES').length === 0) fail('no shoes');

  // Cold: warm hat, scarf, gloves and thermals when the closet has them.
  if (band === 7) {
    for (const [tag, slot] of [
      ['warm-hat', 'HAT'],
      ['warm-scarf', 'SCARF'],
      ['gloves', 'GLOVES'],
    ] as const) {
      if (closet.some((g) => has(g, tag)) && !inSlot(slot).some((g) => has(g, tag))) fail(`no ${tag}`);
    }
  }
  if (band >= 6 && closet.some((g) => has(g, 'thermal')) && inSlot('THERMAL').length === 0)
    fail('no thermal');
  if (band <= 5 && inSlot('THERMAL').length) fail('thermal when not cold');

  // Rain: waterproof outer and shoes when the closet has suitable ones, never suede or canvas, an umbrella.
  if (wet) {
    if (
      closetOf('OUTER').some((g) => has(g, 'waterproof') && acceptableOuter(g)) &&
      !outers.some((g) => has(g, 'waterproof'))
    )
      fail('no waterproof outer');
    if (
      closetOf('SHOES').some((g) => has(g, 'waterproof') && okFor(g, band)) &&
      !inSlot('SHOES').some((g) => has(g, 'waterproof'))
    )
      fail('no waterproof shoes');
    if (inSlot('SHOES').some((g) => has(g, 'suede') || has(g, 'canvas'))) fail('suede or canvas in the rain');
    if (closet.some((g) => has(g, 'umbrella')) && inSlot('UMBRELLA').length === 0) fail('no umbrella');
    if (
      !reason.includes(
        weather.precipitation === 'SNOW' || weather.precipitation === 'RAIN_SNOW' ? '눈 소식' : '비 소식',
      )
    )
      fail('rain not said');
  } else if (inSlot('UMBRELLA').length) fail('umbrella on a dry day');

  // Nothing for bags or things that are not for the weather.
  if (chosen.some((c) => c.g!.type === 'BAG' || c.g!.type === 'ETC')) fail('a bag or other item');

  // Reason: short Korean text that starts with the felt temperature.
  if (!/^체감 -?\d+°C/.test(reason)) fail(`reason "${reason}"`);
  if (reason.length > 120) fail('reason too long');
  if (closet.length === 0 && (rec.picks.length || !reason.includes('옷장에 등록된 옷이 없어요')))
    fail('empty closet not said');
  return failures;
}

interface SuiteCase {
  label: string;
  run: () => string[];
}

const cases: SuiteCase[] = [];
for (const closet of ['FULL', 'ATTRIBUTES_ONLY'] as const) {
  for (const [name, weather] of Object.entries(DRY_WEATHERS)) {
    SENSITIVITIES.forEach((s, i) => {
      cases.push({
        label: `${closet} · ${name} · 민감도 ${s}`,
        run: () => check(closet, weather, s, weather.bands[i]!),
      });
    });
  }
}
for (const [name, weather] of Object.entries(DRY_WEATHERS)) {
  if (
    [
      '31°C (8월)',
      '25°C (6월)',
      '18°C (10월)',
      '14°C (10월)',
      '10°C (11월)',
      '7°C (12월)',
      '3°C (1월)',
      '-12°C 바람 8m/s (1월)',
    ].includes(name)
  ) {
    cases.push({ label: `DRESSES · ${name}`, run: () => check('DRESSES', weather, 2.5, weather.bands[1]) });
  }
  if (['31°C (8월)', '21°C (5월)', '14°C (10월)', '7°C (12월)', '-5°C 바람 3m/s (1월)'].includes(name)) {
    cases.push({ label: `MINIMAL · ${name}`, run: () => check('MINIMAL', weather, 2.5, weather.bands[1]) });
  }
}
for (const [name, weather] of Object.entries(WET_WEATHERS)) {
  for (const closet of ['RAIN_GEAR', 'FULL'] as const) {
    cases.push({ label: `${closet} · ${name}`, run: () => check(closet, weather, 2.5, weather.bands[1]) });
  }
  cases.push({
    label: `RAIN_GEAR · ${name} · 민감도 0`,
    run: () => check('RAIN_GEAR', weather, 0, weather.bands[0]),
  });
}
for (const name of ['31°C (8월)', '3°C (1월)']) {
  cases.push({
    label: `EMPTY · ${name}`,
    run: () => check('EMPTY', DRY_WEATHERS[name]!, 2.5, DRY_WEATHERS[name]!.bands[1]),
  });
}
// Sensitivity pairs: the same day dresses someone who feels cold easily at least as warmly.
for (const [name, weather] of Object.entries(DRY_WEATHERS)) {
  cases.push({
    label: `FULL · ${name} · 민감도 0 vs 5`,
    run: () => {
      const cold = run(FULL, weather, 0).rec;
      const hot = run(FULL, weather, 5).rec;
      const warmth = (r: Recommendation) =>
        r.picks
          .filter((p) => (MAIN_SLOTS as readonly string[]).includes(p.slot))
          .reduce((sum, p) => {
            const g = FULL.find((x) => x.name === p.id)!;
            return sum + (g.ok[0] + g.ok[1]) / 2;
          }, 0);
      const failures: string[] = [];
      if (cold.plan.band < hot.plan.band) failures.push('cold-sensitive band is warmer');
      if (hot.picks.some((p) => p.slot === 'OUTER') && !cold.picks.some((p) => p.slot === 'OUTER'))
        failures.push('outer only for the heat-sensitive');
      if (warmth(cold) < warmth(hot)) failures.push(`lighter: ${warmth(cold)} vs ${warmth(hot)}`);
      return failures;
    },
  });
}

const results: { label: string; failures: string[] }[] = [];

describe('labelled recommendation suite', () => {
  it('has at least 100 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
  });

  it.each(cases.map((c) => [c.label, c] as const))('%s', (_label, c) => {
    const failures = c.run();
    results.push({ label: c.label, failures });
    expect(failures).toEqual([]);
  });

  afterAll(() => {
    const passed = results.filter((r) => r.failures.length === 0).length;
    const rate = ((100 * passed) / results.length).toFixed(1);
    console.log(`labelled recommendation suite: ${passed}/${results.length} cases passed (${rate}%)`);
    for (const r of results) if (r.failures.length) console.log(`  ✗ ${r.label}: ${r.failures.join('; ')}`);
  });
});
