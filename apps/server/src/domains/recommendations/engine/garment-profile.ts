import type { ClothesType } from '@otboo/contract';
import { COLDEST_BAND, HOTTEST_BAND } from './bands.js';
import {
  KIND_RULES,
  MODIFIER_WORDS,
  NAME_SEASON_WORDS,
  RAIN_UNFRIENDLY_WORDS,
  SEASON_RANGES,
  THICK_WORDS,
  THIN_WORDS,
  TYPE_RANGES,
  WATERPROOF_WORDS,
  WINDPROOF_WORDS,
  type AccessoryRole,
  type KindRule,
  type Modifier,
  type Season,
  type Thickness,
} from './keywords.js';
import {
  readColour,
  readMaterials,
  readStyle,
  type ColourFamily,
  type Material,
  type StyleFamily,
} from './look.js';
import {
  compact,
  compileWords,
  matchedWord,
  matches,
  matchesAny,
  searchable,
  type Searchable,
} from './words.js';

/** A garment as the engine sees it: attributes by definition name. */
export interface GarmentInput {
  id: string;
  name: string;
  type: ClothesType;
  attributes: readonly { name: string; value: string }[];
}

/** What the engine knows about a garment. */
export interface GarmentProfile {
  /** Hottest band the garment suits (0 = 28 °C and above). */
  lo: number;
  /** Coldest band the garment suits (7 = 4 °C and below). */
  hi: number;
  waterproof: boolean;
  /** Suede, canvas, mesh: better left home on a wet day. */
  rainUnfriendly: boolean;
  windproof: boolean;
  boots: boolean;
  /** For hats, scarves, accessories and underwear: what they are for (null: never recommended). */
  role: AccessoryRole | null;
  /** The keyword kind that matched (for tests and debugging). */
  kind: string | null;
  /** The Korean word of the name that said the kind (e.g. 슬랙스), for reasons; null when none did. */
  label: string | null;
  /** Style family from 스타일 or the name; null when neither says (it then goes with every style). */
  style: StyleFamily | null;
  /** Colour family from 색상 or the name; null when neither says (it then goes with every colour). */
  colour: ColourFamily | null;
  /** The colour as the user wrote it, for reasons. */
  colourLabel: string | null;
  /** Materials the material rules care about (린넨, 실크, 울, 패딩 …), from 소재 and the name. */
  materials: readonly Material[];
  /** The first of those material words as written, for reasons. */
  materialLabel: string | null;
  /** Thickness as the 두께 attribute or a name word (얇은, 두꺼운) says; null when neither does. */
  thickness: Thickness | null;
}

/** Attribute definition names the engine reads, compared after trimming, lower-casing and removing spaces. */
const ATTRIBUTE_NAMES = {
  thickness: ['두께', '두께감', 'thickness'],
  season: ['계절', '시즌', '착용계절', 'season'],
  material: ['소재', '재질', '원단', '소재감', 'material', 'fabric'],
  waterproof: ['방수', '방수여부', 'waterproof'],
  colour: ['색상', '색', '색깔', '컬러', '칼라', 'color', 'colour'],
  style: ['스타일', '룩', '무드', 'style'],
} as const;

/** Names and materials that make a garment denim, whose blue is a neutral. */
const DENIM = compileWords(['데님', 'denim', '청바지', '^청', 'jeans']);

const RULES = KIND_RULES.map((rule) => ({ rule, matcher: compileWords(rule.words) }));
const MODIFIERS = (['cool', 'warm', 'fleece', 'down'] as const).map((modifier) => ({
  modifier,
  matcher: compileWords(MODIFIER_WORDS[modifier]),
}));
const WATERPROOF = compileWords(WATERPROOF_WORDS);
const RAIN_UNFRIENDLY = compileWords(RAIN_UNFRIENDLY_WORDS);
const WINDPROOF = compileWords(WINDPROOF_WORDS);
const THIN = compileWords(THIN_WORDS);
const THICK = compileWords(THICK_WORDS);
const NAME_SEASONS = Object.entries(NAME_SEASON_WORDS).map(([word, seasons]) => ({
  matcher: compileWords([word]),
  seasons,
}));

/** The garment's attributes by compact definition name. */
function attributeLookup(garment: GarmentInput): (names: readonly string[]) => string | null {
  const byName = new Map<string, string>();
  for (const a of garment.attributes) if (a.value.trim()) byName.set(compact(a.name), a.value);
  return (names) => {
    for (const n of names) {
      const v = byName.get(n);
      if (v !== undefined) return v;
    }
    return null;
  };
}

function parseThickness(value: string): Thickness | null {
  const v = compact(value);
  if (/얇|thin|light/.test(v)) return 'thin';
  if (/두꺼|두껍|두툼|도톰|thick|heavy/.test(v)) return 'thick';
  if (/보통|중간|normal|regular|medium/.test(v)) return 'normal';
  return null;
}

/** Seasons named in a value; null when it names none or all of them. */
function parseSeasons(value: string): Season[] | null {
  const v = compact(value);
  if (/사계절|^all/.test(v)) return null;
  const seasons = new Set<Season>();
  if (/봄|spring/.test(v)) seasons.add('봄');
  if (/여름|summer/.test(v)) seasons.add('여름');
  if (/가을|fall|autumn/.test(v)) seasons.add('가을');
  if (/겨울|winter/.test(v)) seasons.add('겨울');
  if (/간절기/.test(v)) {
    seasons.add('봄');
    seasons.add('가을');
  }
  return seasons.size === 0 || seasons.size === 4 ? null : [...seasons];
}

function parseYesNo(value: string): boolean | null {
  const v = compact(value);
  if (/아니|없음|^no$|^x$|false|비방수|^n$/.test(v)) return false;
  if (/^예$|^네$|있음|^yes$|^o$|true|^y$|방수|발수/.test(v)) return true;
  return null;
}

/** The first kind rule of the type whose words the text holds, with the word found. */
function findKind(type: ClothesType, text: Searchable): { rule: KindRule; word: string } | null {
  for (const { rule, matcher } of RULES) {
    if (!rule.types.includes(type)) continue;
    const word = matchedWord(matcher, text);
    if (word) return { rule, word };
  }
  return null;
}

/** Hangul (a kind word worth repeating in a Korean reason). */
const HANGUL = /[가-힣]/;

const clamp = (v: number) => Math.min(COLDEST_BAND, Math.max(HOTTEST_BAND, v));

function applyModifier(range: [number, number], modifier: Modifier): [number, number] {
  let [lo, hi] = range;
  switch (modifier) {
    case 'cool':
      lo = lo - 1;
      hi = Math.min(hi, Math.max(lo, 2));
      break;
    case 'warm':
      lo += 1;
      hi += 1;
      break;
    case 'fleece':
      // Brushed and fleece-lined clothes are for 8 °C and below (기모제품 in the chart's coldest rows).
      lo = Math.max(lo + 1, 6);
      hi = COLDEST_BAND;
      break;
    case 'down':
      lo = Math.max(lo, 5);
      hi = COLDEST_BAND;
      break;
  }
  lo = clamp(lo);
  return [lo, Math.max(lo, clamp(hi))];
}

/** Keeps a range inside the bands of the given seasons; when they do not overlap, the seasons win. */
function restrictToSeasons(range: [number, number], seasons: readonly Season[]): [number, number] {
  const sLo = Math.min(...seasons.map((s) => SEASON_RANGES[s][0]));
  const sHi = Math.max(...seasons.map((s) => SEASON_RANGES[s][1]));
  const lo = Math.max(range[0], sLo);
  const hi = Math.min(range[1], sHi);
  if (lo <= hi) return [lo, hi];
  // No overlap: the user's own label says which season it is for; keep the season's edge nearest the guess.
  return range[1] < sLo ? [sLo, sLo] : [sHi, sHi];
}

/**
 * Reads a garment's warmth and use. Attributes come first (thickness, season, material, waterproof, matched by
 * definition name); name keywords and the garment type fill in what they do not say.
 */
export function inferProfile(garment: GarmentInput): GarmentProfile {
  const attribute = attributeLookup(garment);
  const name = searchable(garment.name);
  const materialValue = attribute(ATTRIBUTE_NAMES.material);
  const material = materialValue ? searchable(materialValue) : null;
  const texts = material ? [name, material] : [name];

  const thicknessValue = attribute(ATTRIBUTE_NAMES.thickness);
  const thickness =
    (thicknessValue ? parseThickness(thicknessValue) : null) ??
    (matches(THICK, name) ? 'thick' : matches(THIN, name) ? 'thin' : null);

  const kindFound = findKind(garment.type, name) ?? (material ? findKind(garment.type, material) : null);
  const kind = kindFound?.rule ?? null;
  let range: [number, number];
  if (kind) {
    range = [kind.range[0], kind.range[1]];
    const shift = thickness === 'thin' ? -1 : thickness === 'thick' ? 1 : 0;
    if (shift) {
      const lo = clamp(range[0] + shift);
      range = [lo, Math.max(lo, clamp(range[1] + shift))];
    }
  } else {
    const r = TYPE_RANGES[garment.type][thickness ?? 'unknown'];
    range = [r[0], r[1]];
  }

  for (const { modifier, matcher } of MODIFIERS) {
    if (kind?.implies?.includes(modifier)) continue;
    if (matchesAny(matcher, texts)) range = applyModifier(range, modifier);
  }

  const seasonValue = attribute(ATTRIBUTE_NAMES.season);
  const seasons = seasonValue ? parseSeasons(seasonValue) : seasonsFromName(name);
  if (seasons) range = restrictToSeasons(range, seasons);

  const waterproofValue = attribute(ATTRIBUTE_NAMES.waterproof);
  const declaredWaterproof = waterproofValue ? parseYesNo(waterproofValue) : null;
  const waterproof =
    declaredWaterproof ??
    (kind?.key === 'raincoat' || kind?.key === 'rain-boots' || matchesAny(WATERPROOF, texts));

  const fabrics = readMaterials(texts);
  const colour = readColour(attribute(ATTRIBUTE_NAMES.colour), name, matchesAny(DENIM, texts));
  return {
    lo: range[0],
    hi: range[1],
    waterproof,
    rainUnfriendly: !waterproof && matchesAny(RAIN_UNFRIENDLY, texts),
    windproof: matchesAny(WINDPROOF, texts),
    boots: kind?.boots ?? false,
    role: roleOf(garment.type, kind, range),
    kind: kind?.key ?? null,
    label: kindFound && HANGUL.test(kindFound.word) ? kindFound.word : null,
    style: readStyle(attribute(ATTRIBUTE_NAMES.style), name),
    colour: colour?.family ?? null,
    colourLabel: colour?.label ?? null,
    materials: fabrics.materials,
    materialLabel: fabrics.label,
    thickness,
  };
}

function seasonsFromName(name: Searchable): Season[] | null {
  const found = new Set<Season>();
  for (const { matcher, seasons } of NAME_SEASONS)
    if (matches(matcher, name)) seasons.forEach((s) => found.add(s));
  return found.size ? [...found] : null;
}

/** What a hat, scarf, accessory or underwear is for; main garments have no role. */
function roleOf(type: ClothesType, kind: KindRule | null, [lo, hi]: [number, number]): AccessoryRole | null {
  if (kind?.role) return kind.role;
  switch (type) {
    case 'HAT':
      return lo >= 5 ? 'warm' : hi <= 3 ? 'sun' : null;
    case 'SCARF':
      return lo >= 5 || (lo >= 4 && hi === COLDEST_BAND) ? 'warm' : null;
    case 'UNDERWEAR':
      return lo >= 5 ? 'thermal' : null;
    default:
      return null;
  }
}
