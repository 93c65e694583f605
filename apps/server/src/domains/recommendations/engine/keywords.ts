import type { ClothesType } from '@otboo/contract';

/**
 * Word lists that read a garment's warmth and use from its name (and its material value) when attributes do not
 * say. Ranges are on the band scale of bands.ts: [lo, hi] = the hottest (lo) to the coldest (hi) band the garment
 * suits. Short words that hide inside others match only at the start of a word (`^울`: not 겨울; `^쿨`: not 스쿨)
 * or only as a whole word (`=퍼`: not 퍼프, 지퍼).
 */

export type Modifier = 'cool' | 'warm' | 'fleece' | 'down';
export type AccessoryRole = 'warm' | 'sun' | 'umbrella' | 'gloves' | 'thermal';

export interface KindRule {
  key: string;
  words: readonly string[];
  types: readonly ClothesType[];
  range: readonly [number, number];
  /** Modifiers the kind already includes (a padding is already "down"), so they are not applied twice. */
  implies?: readonly Modifier[];
  role?: AccessoryRole;
  boots?: true;
}

const OUTER: readonly ClothesType[] = ['OUTER'];
const TOP: readonly ClothesType[] = ['TOP'];
const TOP_OR_OUTER: readonly ClothesType[] = ['TOP', 'OUTER'];
const BOTTOM: readonly ClothesType[] = ['BOTTOM'];
const DRESS: readonly ClothesType[] = ['DRESS'];
const SHOES: readonly ClothesType[] = ['SHOES'];
const SOCKS: readonly ClothesType[] = ['SOCKS'];
const HAT: readonly ClothesType[] = ['HAT'];
const SCARF: readonly ClothesType[] = ['SCARF', 'ACCESSORY'];
const ACCESSORY: readonly ClothesType[] = ['ACCESSORY'];
const UNDERWEAR: readonly ClothesType[] = ['UNDERWEAR'];

/** First match wins, so the specific come before the general. */
export const KIND_RULES: readonly KindRule[] = [
  // Outer layers
  {
    key: 'long-padding',
    words: ['롱패딩', '벤치파카', '벤치코트'],
    types: OUTER,
    range: [7, 7],
    implies: ['down'],
  },
  {
    key: 'light-padding',
    words: ['경량패딩', '경량다운', '패딩조끼', '패딩베스트', '다운베스트', '다운조끼'],
    types: OUTER,
    range: [4, 6],
    implies: ['down'],
  },
  {
    key: 'padding',
    words: ['패딩', '다운', '푸퍼', '파카', '구스', 'puffer', 'padding', 'down'],
    types: OUTER,
    range: [6, 7],
    implies: ['down'],
  },
  {
    key: 'shearling',
    words: ['무스탕', '시어링', 'shearling'],
    types: OUTER,
    range: [6, 7],
    implies: ['fleece'],
  },
  {
    key: 'raincoat',
    words: ['레인코트', '우비', '레인자켓', '레인재킷', '비옷', 'raincoat'],
    types: OUTER,
    range: [0, 5],
  },
  { key: 'trench', words: ['트렌치', 'trench'], types: OUTER, range: [4, 5] },
  {
    key: 'wool-coat',
    words: ['롱코트', '울코트', '캐시미어코트', '더블코트', '핸드메이드코트'],
    types: OUTER,
    range: [6, 7],
    implies: ['warm'],
  },
  { key: 'coat', words: ['코트', 'coat'], types: OUTER, range: [5, 6] },
  {
    key: 'leather-jacket',
    words: ['가죽자켓', '가죽재킷', '레더자켓', '레더재킷', '라이더', '가죽점퍼'],
    types: OUTER,
    range: [4, 6],
  },
  { key: 'field-jacket', words: ['야상', '필드자켓', '필드재킷', '사파리'], types: OUTER, range: [4, 5] },
  {
    key: 'fleece',
    words: ['플리스', '후리스', '뽀글이', '보아', 'fleece'],
    types: OUTER,
    range: [5, 6],
    implies: ['fleece'],
  },
  {
    key: 'windbreaker',
    words: ['바람막이', '윈드브레이커', '아노락', 'windbreaker', 'anorak'],
    types: OUTER,
    range: [3, 4],
  },
  { key: 'zip-up', words: ['후드집업', '집업', 'zipup', 'zip-up'], types: TOP_OR_OUTER, range: [3, 4] },
  { key: 'cardigan', words: ['가디건', '카디건', 'cardigan'], types: TOP_OR_OUTER, range: [2, 4] },
  { key: 'shirt-jacket', words: ['셔츠자켓', '셔츠재킷', '셔켓'], types: OUTER, range: [3, 4] },
  { key: 'vest', words: ['조끼', '베스트', 'vest'], types: OUTER, range: [3, 5] },
  {
    key: 'jacket',
    words: ['블레이저', '자켓', '재킷', '점퍼', '잠바', '블루종', '봄버', 'jacket', 'blazer'],
    types: OUTER,
    range: [4, 5],
  },

  // Tops
  {
    key: 'sleeveless',
    words: ['민소매', '나시', '슬리브리스', '탱크탑', '캐미솔', 'sleeveless', 'tanktop'],
    types: TOP,
    range: [0, 1],
  },
  {
    key: 'short-sleeve',
    words: ['반팔', '반소매', '숏슬리브', '반팔티', 'shortsleeve'],
    types: TOP,
    range: [0, 1],
  },
  { key: 'polo', words: ['폴로', '피케', 'polo'], types: TOP, range: [0, 2] },
  { key: 'turtleneck', words: ['터틀넥', '목폴라', '폴라티', 'turtleneck'], types: TOP, range: [4, 7] },
  { key: 'knit', words: ['니트', '스웨터', 'knit', 'sweater'], types: TOP, range: [3, 6] },
  { key: 'hoodie', words: ['후드', '후디', 'hoodie'], types: TOP, range: [3, 5] },
  { key: 'sweatshirt', words: ['맨투맨', '스웨트셔츠', 'sweatshirt'], types: TOP, range: [3, 5] },
  { key: 'long-sleeve', words: ['긴팔', '롱슬리브', '긴소매', 'longsleeve'], types: TOP, range: [2, 4] },
  { key: 't-shirt', words: ['티셔츠', 't-shirt', 'tshirt'], types: TOP, range: [0, 3] },
  { key: 'shirt', words: ['셔츠', '남방', '블라우스', 'shirt', 'blouse'], types: TOP, range: [1, 4] },

  // Bottoms
  {
    key: 'shorts',
    words: ['반바지', '숏팬츠', '쇼츠', '하프팬츠', '버뮤다', 'shorts'],
    types: BOTTOM,
    range: [0, 1],
  },
  { key: 'mini-skirt', words: ['미니스커트', '미니치마'], types: BOTTOM, range: [0, 2] },
  {
    key: 'long-skirt',
    words: ['롱스커트', '롱치마', '맥시스커트', '미디스커트'],
    types: BOTTOM,
    range: [1, 4],
  },
  { key: 'skirt', words: ['스커트', '치마', 'skirt'], types: BOTTOM, range: [0, 3] },
  { key: 'padded-pants', words: ['패딩바지', '패딩팬츠'], types: BOTTOM, range: [6, 7], implies: ['down'] },
  { key: 'corduroy', words: ['코듀로이', '골덴', 'corduroy'], types: BOTTOM, range: [4, 6] },
  { key: 'leggings', words: ['레깅스', 'leggings'], types: BOTTOM, range: [3, 6] },
  { key: 'jeans', words: ['청바지', '데님', 'jeans', 'denim'], types: BOTTOM, range: [2, 5] },
  { key: 'slacks', words: ['슬랙스', 'slacks'], types: BOTTOM, range: [2, 5] },
  {
    key: 'joggers',
    words: ['조거', '트레이닝', '츄리닝', '스웨트팬츠', 'jogger'],
    types: BOTTOM,
    range: [2, 5],
  },
  { key: 'chinos', words: ['면바지', '치노', '코튼팬츠', 'chino'], types: BOTTOM, range: [1, 4] },

  // Dresses
  {
    key: 'sleeveless-dress',
    words: ['민소매원피스', '나시원피스', '슬립원피스', '선드레스', '슬리브리스원피스'],
    types: DRESS,
    range: [0, 1],
  },
  { key: 'knit-dress', words: ['니트원피스', '스웨터원피스', '니트드레스'], types: DRESS, range: [4, 6] },
  { key: 'shirt-dress', words: ['셔츠원피스'], types: DRESS, range: [1, 3] },
  { key: 'jumpsuit', words: ['점프수트', '점프슈트', '멜빵'], types: DRESS, range: [1, 4] },
  { key: 'dress', words: ['원피스', '드레스', 'dress'], types: DRESS, range: [0, 3] },

  // Shoes
  {
    key: 'rain-boots',
    words: ['레인부츠', '장화', '레인슈즈', 'rainboots'],
    types: SHOES,
    range: [0, 7],
    boots: true,
  },
  {
    key: 'sandals',
    words: ['샌들', '슬리퍼', '쪼리', '플립플랍', '슬라이드', 'sandal', 'slipper'],
    types: SHOES,
    range: [0, 2],
  },
  {
    key: 'warm-boots',
    words: ['어그', '털부츠', '양털부츠', '방한화', '패딩부츠', 'ugg'],
    types: SHOES,
    range: [6, 7],
    boots: true,
    implies: ['fleece', 'down'],
  },
  { key: 'boots', words: ['부츠', '워커', 'boots'], types: SHOES, range: [4, 7], boots: true },
  { key: 'mules', words: ['뮬', 'mule'], types: SHOES, range: [0, 3] },
  {
    key: 'shoes',
    words: [
      '운동화',
      '스니커즈',
      '러닝화',
      '로퍼',
      '구두',
      '더비',
      '옥스포드',
      '플랫',
      '펌프스',
      '힐',
      'sneakers',
      'loafer',
    ],
    types: SHOES,
    range: [0, 7],
  },

  // Socks
  {
    key: 'warm-socks',
    words: ['울양말', '기모양말', '털양말', '방한양말'],
    types: SOCKS,
    range: [5, 7],
    implies: ['warm', 'fleece'],
  },
  { key: 'tights', words: ['스타킹', '타이츠', 'tights'], types: SOCKS, range: [3, 7] },
  { key: 'no-show-socks', words: ['덧신', '페이크삭스', '발목양말', '쿨양말'], types: SOCKS, range: [0, 3] },

  // Hats, scarves, accessories
  {
    key: 'warm-hat',
    words: ['비니', '털모자', '니트모자', '귀마개', '방한모', '트래퍼', '이어머프', '바라클라바', 'beanie'],
    types: HAT,
    range: [5, 7],
    role: 'warm',
  },
  {
    key: 'sun-hat',
    words: ['버킷햇', '벙거지', '볼캡', '야구모자', '썬캡', '선캡', '밀짚', '파나마', '캡', 'cap'],
    types: HAT,
    range: [0, 3],
    role: 'sun',
  },
  {
    key: 'muffler',
    words: ['머플러', '목도리', '넥워머', 'muffler'],
    types: SCARF,
    range: [5, 7],
    role: 'warm',
  },
  { key: 'light-scarf', words: ['스카프', '반다나', '손수건', 'bandana'], types: SCARF, range: [1, 5] },
  { key: 'gloves', words: ['장갑', 'gloves'], types: ACCESSORY, range: [5, 7], role: 'gloves' },
  { key: 'umbrella', words: ['우산', 'umbrella'], types: ACCESSORY, range: [0, 7], role: 'umbrella' },
  {
    key: 'sun-accessory',
    words: ['선글라스', '양산', 'sunglasses'],
    types: ACCESSORY,
    range: [0, 2],
    role: 'sun',
  },
  {
    key: 'thermal',
    words: ['히트텍', '내복', '발열', '써멀', '보온내의', '기모내의', 'heattech', 'thermal'],
    types: UNDERWEAR,
    range: [5, 7],
    role: 'thermal',
  },
];

/** Words that change a kind's warmth, from the name or the material. */
export const MODIFIER_WORDS: Readonly<Record<Modifier, readonly string[]>> = {
  cool: ['린넨', '리넨', 'linen', '시어서커', '^쿨', '냉감', '메쉬', 'mesh', '^모시', '인견', '아사'],
  warm: ['^울', 'wool', '모직', '캐시미어', 'cashmere', '앙고라', '알파카', '트위드', '메리노', '램스울'],
  fleece: [
    '기모',
    '플리스',
    '후리스',
    'fleece',
    '^보아',
    '뽀글이',
    '양털',
    '^털',
    '=퍼',
    'fur',
    '무스탕',
    '시어링',
  ],
  down: ['패딩', '^다운', '구스', '덕다운', '웰론', '푸퍼', 'padding', 'puffer'],
};

/** Flags read from the name or the material. */
export const WATERPROOF_WORDS = [
  '방수',
  '레인',
  '우비',
  '비옷',
  '고어텍스',
  'gore-tex',
  'goretex',
  '장화',
  '발수',
  'waterproof',
] as const;
/** Materials that rain ruins or soaks through. */
export const RAIN_UNFRIENDLY_WORDS = [
  '스웨이드',
  'suede',
  '캔버스',
  'canvas',
  '컨버스',
  '메쉬',
  'mesh',
  '에스파드리유',
  '누벅',
] as const;
export const WINDPROOF_WORDS = [
  '바람막이',
  '윈드',
  '아노락',
  '가죽',
  '레더',
  'leather',
  '고어텍스',
  '패딩',
  '다운',
  '무스탕',
] as const;

/** Thickness words in a name, used when no thickness attribute is given. */
export const THIN_WORDS = ['얇은', '시스루', '썸머', '라이트웨이트'] as const;
export const THICK_WORDS = ['두꺼운', '두툼', '도톰', '헤비', '헤비웨이트', '방한'] as const;

/** Season words in a name, used when no season attribute is given. */
export const NAME_SEASON_WORDS: Readonly<Record<string, readonly Season[]>> = {
  여름: ['여름'],
  썸머: ['여름'],
  summer: ['여름'],
  겨울: ['겨울'],
  윈터: ['겨울'],
  winter: ['겨울'],
  간절기: ['봄', '가을'],
};

export type Season = '봄' | '여름' | '가을' | '겨울';

/** Bands each season's clothes suit. */
export const SEASON_RANGES: Readonly<Record<Season, readonly [number, number]>> = {
  여름: [0, 2],
  봄: [2, 5],
  가을: [2, 5],
  겨울: [5, 7],
};

export type Thickness = 'thin' | 'normal' | 'thick';

/** A garment whose name says nothing: its type decides, then its thickness. */
export const TYPE_RANGES: Readonly<
  Record<ClothesType, Readonly<Record<Thickness | 'unknown', readonly [number, number]>>>
> = {
  TOP: { unknown: [1, 4], thin: [0, 2], normal: [2, 5], thick: [4, 7] },
  BOTTOM: { unknown: [1, 5], thin: [0, 2], normal: [2, 5], thick: [4, 7] },
  DRESS: { unknown: [0, 3], thin: [0, 2], normal: [1, 4], thick: [4, 6] },
  OUTER: { unknown: [3, 5], thin: [2, 4], normal: [3, 5], thick: [5, 7] },
  SHOES: { unknown: [0, 7], thin: [0, 4], normal: [0, 7], thick: [4, 7] },
  SOCKS: { unknown: [0, 7], thin: [0, 4], normal: [0, 7], thick: [5, 7] },
  HAT: { unknown: [0, 7], thin: [0, 3], normal: [0, 7], thick: [5, 7] },
  SCARF: { unknown: [4, 7], thin: [1, 5], normal: [4, 7], thick: [5, 7] },
  ACCESSORY: { unknown: [0, 7], thin: [0, 7], normal: [0, 7], thick: [5, 7] },
  UNDERWEAR: { unknown: [0, 7], thin: [0, 4], normal: [0, 7], thick: [5, 7] },
  BAG: { unknown: [0, 7], thin: [0, 7], normal: [0, 7], thick: [0, 7] },
  ETC: { unknown: [0, 7], thin: [0, 7], normal: [0, 7], thick: [0, 7] },
};
