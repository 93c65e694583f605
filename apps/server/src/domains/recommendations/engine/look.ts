import { compileWords, matchedWord, searchable, type Searchable, type WordMatcher } from './words.js';

/**
 * What goes together: style families, colour families and materials, read from the 스타일, 색상 and 소재
 * attributes or, when those are missing or hold a value we do not know (an admin may rename them), from the
 * words of the garment's name; and the pairwise rules between them. The rules and their sources are in
 * docs/recommendations.md §4.
 */

export const STYLES = [
  'casual',
  'minimal',
  'formal',
  'sporty',
  'outdoor',
  'street',
  'vintage',
  'lovely',
] as const;
export type StyleFamily = (typeof STYLES)[number];

/** Families that go with every other. */
const UNIVERSAL_STYLES: readonly StyleFamily[] = ['casual', 'minimal'];
/**
 * Pairs of different, non-universal families that still go together: sportswear with outdoor gear and with
 * streetwear (athleisure, gorpcore). Every other pair of different non-universal families clashes, among them
 * formal with sporty, outdoor, street, vintage and lovely.
 */
const COMPATIBLE_STYLE_PAIRS: readonly (readonly [StyleFamily, StyleFamily])[] = [
  ['sporty', 'outdoor'],
  ['sporty', 'street'],
  ['outdoor', 'street'],
];

/** Whether two style families clash; an unknown style (null) goes with everything. */
export function stylesClash(a: StyleFamily | null, b: StyleFamily | null): boolean {
  if (a === null || b === null || a === b) return false;
  if (UNIVERSAL_STYLES.includes(a) || UNIVERSAL_STYLES.includes(b)) return false;
  return !COMPATIBLE_STYLE_PAIRS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/**
 * The largest sets of families whose members never clash with each other (maximal cliques of the "goes with"
 * relation, found once by Bron–Kerbosch). An outfit keeps to its styles exactly when every piece's family lies in
 * one of these sets, which is what lets the outfit search try each set on its own.
 */
export const STYLE_GROUPS: readonly (readonly StyleFamily[])[] = (() => {
  const groups: StyleFamily[][] = [];
  const fits = (a: StyleFamily, b: StyleFamily) => !stylesClash(a, b);
  const expand = (r: StyleFamily[], p: StyleFamily[], x: StyleFamily[]) => {
    if (p.length === 0 && x.length === 0) groups.push(r);
    for (const v of [...p]) {
      expand(
        [...r, v],
        p.filter((w) => w !== v && fits(v, w)),
        x.filter((w) => fits(v, w)),
      );
      p = p.filter((w) => w !== v);
      x = [...x, v];
    }
  };
  expand([], [...STYLES], []);
  return groups;
})();

export const NEUTRAL_COLOURS = [
  'black',
  'white',
  'grey',
  'navy',
  'beige',
  'brown',
  'khaki',
  'denim',
  'metallic',
] as const;
export const ACCENT_COLOURS = [
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'multi',
] as const;
export type NeutralColour = (typeof NEUTRAL_COLOURS)[number];
export type AccentColour = (typeof ACCENT_COLOURS)[number];
export type ColourFamily = NeutralColour | AccentColour;

export const isAccent = (c: ColourFamily | null): c is AccentColour =>
  c !== null && (ACCENT_COLOURS as readonly string[]).includes(c);

/**
 * Whether two colours clash: neutrals (and unknown colours) go with anything; two saturated accents go together
 * only when they are the same family (tone on tone: 레드 with 와인); a multi-coloured piece wants no other accent,
 * another multi-coloured piece included.
 */
export function coloursClash(a: ColourFamily | null, b: ColourFamily | null): boolean {
  if (!isAccent(a) || !isAccent(b)) return false;
  return a === 'multi' || a !== b;
}

export const MATERIALS = [
  'linen',
  'silk',
  'suede',
  'canvas',
  'wool',
  'cashmere',
  'fleece',
  'down',
  'corduroy',
] as const;
export type Material = (typeof MATERIALS)[number];

/** Style words of a 스타일 value, including values an admin may have renamed; first family found wins. */
const STYLE_VALUE_WORDS: Readonly<Record<StyleFamily, readonly string[]>> = {
  sporty: ['스포티', '스포츠', 'sport', '애슬레저', 'athleisure', '운동', '트레이닝', '액티브', 'active'],
  outdoor: ['아웃도어', 'outdoor', '고프코어', 'gorpcore', '등산', '캠핑', '트레킹', '하이킹'],
  formal: ['포멀', 'formal', '정장', '오피스', 'office', '비즈니스', 'business', '클래식', 'classic', '댄디'],
  street: ['스트릿', '스트리트', 'street', '힙합', 'hiphop'],
  vintage: ['빈티지', 'vintage', '레트로', 'retro'],
  lovely: ['러블리', 'lovely', '페미닌', 'feminine', '로맨틱', 'romantic', '걸리'],
  minimal: ['미니멀', 'minimal', '모던', 'modern', '베이직', 'basic', '심플', 'simple'],
  casual: ['캐주얼', 'casual', '데일리', 'daily'],
};

/** Style words of a garment's name: only words that say the style unambiguously. */
const STYLE_NAME_WORDS: Readonly<Record<StyleFamily, readonly string[]>> = {
  sporty: [
    '트레이닝',
    '츄리닝',
    '추리닝',
    '조거',
    'jogger',
    '트랙',
    'track',
    '러닝',
    '런닝화',
    'running',
    '드라이핏',
    'dryfit',
    'drifit',
    '스포츠',
    'sports',
    '운동복',
    '짐웨어',
    '요가',
    'yoga',
    '축구',
    '농구',
    '테니스',
    '저지',
    'jersey',
    '스웨트팬츠',
    'sweatpants',
    '기능성',
    '애슬레저',
  ],
  outdoor: [
    '등산',
    '트레킹',
    'trekking',
    '하이킹',
    'hiking',
    '아웃도어',
    'outdoor',
    '고어텍스',
    'goretex',
    '캠핑',
    '바람막이',
    '윈드브레이커',
    'windbreaker',
    '아노락',
    'anorak',
  ],
  formal: [
    '정장',
    '수트',
    '슈트',
    '=suit',
    '슬랙스',
    'slacks',
    '블레이저',
    'blazer',
    '구두',
    '옥스포드화',
    '옥스퍼드화',
    '더비',
    'derby',
    '로퍼',
    'loafer',
    '펌프스',
    'pumps',
    '하이힐',
    '와이셔츠',
    '드레스셔츠',
    '테일러드',
    'tailored',
    '넥타이',
    '몽크',
  ],
  street: ['스트릿', '스트리트', 'streetwear', '힙합', 'hiphop', '스케이트보드'],
  vintage: ['빈티지', 'vintage', '레트로', 'retro'],
  lovely: ['러블리', 'lovely', '프릴', 'frill', '러플', 'ruffle', '=레이스', '=lace', '리본', 'ribbon'],
  minimal: ['미니멀', 'minimal', '베이직'],
  casual: ['캐주얼', 'casual'],
};

/** Colour words, for 색상 values (seeded or renamed) and for names; English words that hide inside others are whole-word only. */
const COLOUR_WORDS: Readonly<Record<ColourFamily, readonly string[]>> = {
  black: ['블랙', '검정', '검은', '까만', '흑색', 'black'],
  white: [
    '화이트',
    '흰',
    '하얀',
    '백색',
    'white',
    '아이보리',
    'ivory',
    '^크림',
    'cream',
    '오프화이트',
    '에크루',
  ],
  grey: ['그레이', '회색', 'grey', 'gray', '차콜', 'charcoal', '멜란지', '^먹색'],
  navy: ['네이비', '남색', 'navy', '곤색'],
  beige: ['베이지', 'beige', '오트밀', 'oatmeal', '카멜', 'camel', '^샌드'],
  brown: ['브라운', '갈색', 'brown', '밤색', '모카', 'mocha', '초코'],
  khaki: ['카키', 'khaki', '올리브', 'olive'],
  denim: ['데님', 'denim', '청바지', '^청', '진청', '연청', '중청', 'jeans', '인디고', 'indigo'],
  metallic: ['실버', 'silver', '골드', 'gold', '은색', '금색', '메탈릭', 'metallic'],
  red: ['레드', '=red', '빨간', '빨강', '적색', '와인', 'wine', '버건디', 'burgundy', '다홍'],
  orange: ['오렌지', 'orange', '주황', '코랄', 'coral', '테라코타'],
  yellow: ['옐로우', '옐로', 'yellow', '노란', '노랑', '머스타드', 'mustard', '겨자', '레몬', 'lemon'],
  green: ['그린', 'green', '초록', '녹색', '민트', 'mint', '연두', '에메랄드', 'emerald'],
  blue: ['블루', 'blue', '파란', '파랑', '하늘색', '=sky', '코발트', 'cobalt'],
  purple: ['퍼플', 'purple', '보라', '라벤더', 'lavender', '바이올렛', 'violet', '라일락'],
  pink: ['핑크', 'pink', '분홍', '로즈', 'rose'],
  multi: ['멀티', 'multi', '레인보우', 'rainbow', '꽃무늬', '플로럴', 'floral'],
};

/** Material words of a 소재 value or a name. */
const MATERIAL_WORDS: Readonly<Record<Material, readonly string[]>> = {
  linen: ['린넨', '리넨', 'linen', '^모시'],
  silk: ['^실크', 'silk', '^명주'],
  suede: ['스웨이드', 'suede', '누벅', 'nubuck'],
  canvas: ['캔버스', 'canvas', '컨버스'],
  wool: [
    '^울',
    'wool',
    '모직',
    '메리노',
    'merino',
    '램스울',
    '트위드',
    'tweed',
    '앙고라',
    '알파카',
    '모헤어',
  ],
  cashmere: ['캐시미어', 'cashmere'],
  fleece: ['플리스', '후리스', 'fleece', '^보아', '뽀글이', '양털', '기모'],
  down: ['패딩', '^다운', '구스', '덕다운', '웰론', '푸퍼', 'padding', 'puffer'],
  corduroy: ['코듀로이', '골덴', 'corduroy'],
};

const compileAll = <K extends string>(lists: Readonly<Record<K, readonly string[]>>) =>
  (Object.entries(lists) as [K, readonly string[]][]).map(
    ([key, list]) => [key, compileWords(list)] as [K, WordMatcher],
  );

const STYLE_VALUES = compileAll(STYLE_VALUE_WORDS);
const STYLE_NAMES = compileAll(STYLE_NAME_WORDS);
const COLOURS = compileAll(COLOUR_WORDS);
const MATERIAL_MATCHERS = compileAll(MATERIAL_WORDS);

function firstFamily<K extends string>(list: readonly [K, WordMatcher][], text: Searchable): K | null {
  for (const [key, m] of list) if (matchedWord(m, text)) return key;
  return null;
}

/** The style family of a 스타일 value, else of the name; null when neither says. */
export function readStyle(value: string | null, name: Searchable): StyleFamily | null {
  return (value ? firstFamily(STYLE_VALUES, searchable(value)) : null) ?? firstFamily(STYLE_NAMES, name);
}

export interface Colour {
  family: ColourFamily;
  /** The colour as written in the value or the name (e.g. 네이비, 빨간), for reasons. */
  label: string;
}

/**
 * The colour a text names: the only accent when there is one, multi when it names two different accents, else the
 * neutral named first. Blue on denim is the denim neutral (jeans go with anything).
 */
function colourIn(text: Searchable, denim: boolean): Colour | null {
  const found: { family: ColourFamily; label: string; at: number }[] = [];
  for (const [family, m] of COLOURS) {
    const word = matchedWord(m, text);
    if (word) found.push({ family, label: word, at: text.compact.indexOf(word) });
  }
  const earliest = <T extends { at: number }>(list: T[]): T | undefined =>
    list.reduce<T | undefined>((best, f) => (best === undefined || f.at < best.at ? f : best), undefined);
  const accents = found.filter((f) => isAccent(f.family));
  const denimBlue = denim || found.some((f) => f.family === 'denim');
  const blueIsDenim = (f: { family: ColourFamily }) => f.family === 'blue' && denimBlue;
  const trueAccents = accents.filter((f) => !blueIsDenim(f));
  const firstAccent = earliest(trueAccents);
  if (firstAccent) {
    const families = new Set(trueAccents.map((f) => f.family));
    return families.size > 1 ? { family: 'multi', label: firstAccent.label } : firstAccent;
  }
  const firstNeutral = earliest(found.filter((f) => !isAccent(f.family) && f.family !== 'denim'));
  if (firstNeutral) return firstNeutral;
  const denimWord = accents.find(blueIsDenim) ?? earliest(found);
  return denimWord ? { family: 'denim', label: denimWord.label } : null;
}

/** The colour of a 색상 value, else of the name; `denim` says the garment is denim (its blue is a neutral). */
export function readColour(value: string | null, name: Searchable, denim: boolean): Colour | null {
  const fromValue = value ? colourIn(searchable(value), denim) : null;
  if (value && fromValue) return { ...fromValue, label: value.trim() };
  return colourIn(name, denim);
}

/** Materials named by the 소재 value and the name, with the first material word found (for reasons). */
export function readMaterials(texts: readonly Searchable[]): { materials: Material[]; label: string | null } {
  const materials: Material[] = [];
  let label: string | null = null;
  for (const [material, m] of MATERIAL_MATCHERS) {
    for (const t of texts) {
      const word = matchedWord(m, t);
      if (word) {
        materials.push(material);
        label ??= word;
        break;
      }
    }
  }
  return { materials, label };
}

export type MaterialRule = 'rain' | 'cold' | 'heat';

/** Personal temperature (rounded) at or below which linen and silk are not worn as top, bottom or dress. */
export const LIGHT_FABRIC_MAX_DEGREES = 9;
/** Personal temperature (rounded) from which wool, cashmere, fleece, down and corduroy are not worn. */
export const HEAVY_FABRIC_FROM_DEGREES = 25;
const HEAVY: readonly Material[] = ['wool', 'cashmere', 'fleece', 'down', 'corduroy'];
const LIGHT: readonly Material[] = ['linen', 'silk'];
const DELICATE_OUTER: readonly Material[] = ['silk', 'linen', 'suede'];

function hasAny(materials: readonly Material[], list: readonly Material[]): boolean {
  for (const m of materials) if (list.includes(m)) return true;
  return false;
}

export interface MaterialDay {
  wet: boolean;
  /** Personal temperature, rounded to whole degrees. */
  degrees: number;
}

/** The material rule a piece breaks in this slot on this day, if any (docs/recommendations.md §4). */
export function materialRuleBroken(
  piece: { materials: readonly Material[]; waterproof: boolean; rainUnfriendly: boolean },
  slot: string,
  day: MaterialDay,
): MaterialRule | null {
  const { materials } = piece;
  if (day.wet && !piece.waterproof) {
    if (slot === 'SHOES' && piece.rainUnfriendly) return 'rain';
    if (slot === 'OUTER' && (piece.rainUnfriendly || hasAny(materials, DELICATE_OUTER))) return 'rain';
  }
  // Called for every candidate of every request: most garments name no material the rules care about.
  if (materials.length === 0) return null;
  if (
    day.degrees <= LIGHT_FABRIC_MAX_DEGREES &&
    (slot === 'TOP' || slot === 'BOTTOM' || slot === 'DRESS') &&
    hasAny(materials, LIGHT)
  )
    return 'cold';
  if (day.degrees >= HEAVY_FABRIC_FROM_DEGREES && hasAny(materials, HEAVY)) return 'heat';
  return null;
}
