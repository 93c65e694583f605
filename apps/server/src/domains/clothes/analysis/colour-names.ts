import { srgbToLab, type Lab } from './colour-space.js';

/**
 * Colour names, Korean and English, with how a garment of that colour typically looks in a product photo
 * (sRGB). The 색상 options an administrator keeps or renames are read through this table, so '남색' or
 * 'Navy' after a rename is still navy; an option whose name is in no row is never proposed by the analysis.
 */
const COLOURS: readonly { rgb: readonly [number, number, number]; names: readonly string[] }[] = [
  { rgb: [28, 28, 30], names: ['블랙', '검정', '검정색', '검은색', '검은', '흑색', 'black'] },
  { rgb: [248, 248, 246], names: ['화이트', '흰색', '하양', '하얀색', '하얀', '백색', 'white'] },
  { rgb: [240, 233, 212], names: ['아이보리', '크림', '크림색', '오프화이트', 'ivory', 'cream', 'offwhite'] },
  { rgb: [150, 150, 152], names: ['그레이', '회색', '그레이색', '멜란지', 'gray', 'grey', 'melange'] },
  { rgb: [66, 66, 70], names: ['차콜', '차콜그레이', '진회색', 'charcoal'] },
  { rgb: [32, 40, 72], names: ['네이비', '남색', '곤색', 'navy'] },
  { rgb: [215, 195, 160], names: ['베이지', '샌드', '오트밀', 'beige', 'sand', 'oatmeal'] },
  { rgb: [115, 75, 45], names: ['브라운', '갈색', '밤색', '초코', 'brown', 'chocolate'] },
  { rgb: [190, 140, 90], names: ['카멜', 'camel'] },
  { rgb: [112, 108, 66], names: ['카키', 'khaki'] },
  { rgb: [100, 106, 40], names: ['올리브', 'olive'] },
  { rgb: [200, 32, 44], names: ['레드', '빨강', '빨간색', '빨간', '적색', 'red'] },
  { rgb: [114, 28, 48], names: ['와인', '와인색', '버건디', '자주', '자주색', 'wine', 'burgundy', 'maroon'] },
  { rgb: [238, 118, 36], names: ['오렌지', '주황', '주황색', 'orange'] },
  { rgb: [244, 208, 63], names: ['옐로우', '옐로', '노랑', '노란색', '노란', 'yellow'] },
  { rgb: [205, 160, 40], names: ['머스타드', '겨자색', 'mustard'] },
  { rgb: [46, 139, 87], names: ['그린', '초록', '초록색', '녹색', 'green'] },
  { rgb: [165, 205, 75], names: ['연두', '연두색', '라임', 'lime'] },
  { rgb: [160, 226, 200], names: ['민트', '민트색', 'mint'] },
  { rgb: [20, 128, 128], names: ['청록', '청록색', '틸', 'teal'] },
  { rgb: [40, 90, 190], names: ['블루', '파랑', '파란색', '파란', '청색', 'blue'] },
  { rgb: [135, 195, 235], names: ['스카이블루', '하늘색', '소라색', '라이트블루', 'skyblue', 'lightblue'] },
  { rgb: [120, 70, 160], names: ['퍼플', '보라', '보라색', 'purple', 'violet'] },
  { rgb: [190, 170, 220], names: ['라벤더', '연보라', 'lavender'] },
  { rgb: [240, 160, 185], names: ['핑크', '분홍', '분홍색', 'pink'] },
  { rgb: [250, 200, 170], names: ['살구', '살구색', '피치', 'peach', 'apricot'] },
  { rgb: [200, 40, 140], names: ['마젠타', '푸시아', 'magenta', 'fuchsia'] },
  { rgb: [192, 192, 198], names: ['실버', '은색', 'silver'] },
  { rgb: [200, 165, 75], names: ['골드', '금색', 'gold'] },
];

/** Names of the option meaning "several colours". */
const MULTI_NAMES = [
  '멀티',
  '멀티컬러',
  '혼합',
  '배색',
  '여러색',
  'multi',
  'multicolor',
  'multicolour',
  'mixed',
];

/** Words before a colour name that make it darker or lighter ('다크네이비', '연핑크', 'light grey'). */
const DARKER = ['다크', '딥', '진한', '진', 'dark', 'deep'];
const LIGHTER = ['라이트', '연한', '연', '밝은', '페일', '파스텔', 'light', 'pale', 'pastel'];

/** Lower case without spaces, hyphens, underscores or dots: how option names are compared. */
export function compactName(name: string): string {
  return name.toLowerCase().replace(/[\s\-_.·]/g, '');
}

const BY_NAME = new Map<string, Lab>();
for (const c of COLOURS) {
  const lab = srgbToLab(c.rgb[0], c.rgb[1], c.rgb[2]);
  for (const n of c.names) BY_NAME.set(compactName(n), lab);
}
/** Names long enough to be found inside another name ('네이비블루' holds '네이비'). */
const CONTAINED = [...BY_NAME.keys()].filter((n) => [...n].length >= 2).sort((a, b) => b.length - a.length);
const MULTI = new Set(MULTI_NAMES.map(compactName));

/** True when an option means "several colours" (멀티). */
export function isMultiOption(option: string): boolean {
  return MULTI.has(compactName(option));
}

/**
 * The reference colour a colour word names as a whole: a known name, or a lighter/darker word before one
 * ('navy', '네이비', 'lightblue', '연핑크'). Null for anything else; nothing is searched inside longer words.
 */
export function colourWordReference(word: string): Lab | null {
  const name = compactName(word);
  const exact = BY_NAME.get(name);
  if (exact) return exact;
  for (const [words, shift] of [
    [DARKER, -14],
    [LIGHTER, 14],
  ] as const) {
    for (const w of words) {
      if (!name.startsWith(w)) continue;
      const base = BY_NAME.get(name.slice(w.length));
      if (base) return { l: Math.min(100, Math.max(0, base.l + shift)), a: base.a, b: base.b };
    }
  }
  return null;
}

/**
 * The reference colour an option names: the whole name, else a lighter/darker word before a known name, else
 * the longest known name inside it. Null when the option names no colour the table knows.
 */
export function referenceOf(option: string): Lab | null {
  const whole = colourWordReference(option);
  if (whole) return whole;
  const name = compactName(option);
  const inside = CONTAINED.find((n) => name.includes(n));
  return inside ? (BY_NAME.get(inside) ?? null) : null;
}

// The colour definition is found by the names the contract lists, as the web's bulk add finds it.
export { colourDefinitionOf } from '@otboo/contract';
