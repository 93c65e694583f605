import { isSafeText, ko, LIMITS, type ClothesType } from '@otboo/contract';
import { garmentWordIn } from '../extraction/guess-type.js';
import { colourWordReference, referenceOf } from './colour-names.js';
import { deltaE2000 } from './colour-space.js';

type Garment = readonly [words: string, type: ClothesType, korean: string];

/**
 * English garment words in file names, with the Korean a closet would use for them. Several words for one garment
 * are comma-separated; a space inside an entry means those words in a row (`t shirt` also matches `t-shirt` and
 * `t_shirt`, whose separators became spaces). A word's plural in -s is matched too.
 */
const ENGLISH: readonly Garment[] = [
  ['t shirt,tshirt,tee', 'TOP', '티셔츠'],
  ['long sleeve,longsleeve', 'TOP', '긴팔 티셔츠'],
  ['shirt,dress shirt', 'TOP', '셔츠'],
  ['denim shirt', 'TOP', '데님 셔츠'],
  ['blouse', 'TOP', '블라우스'],
  ['knit,knitwear', 'TOP', '니트'],
  ['sweater', 'TOP', '스웨터'],
  ['sweatshirt,crewneck', 'TOP', '맨투맨'],
  ['hoodie,hoody', 'TOP', '후드티'],
  ['polo,polo shirt', 'TOP', '폴로 셔츠'],
  ['top', 'TOP', '상의'],
  ['tank top,tank,sleeveless', 'TOP', '민소매 티셔츠'],
  ['crop top', 'TOP', '크롭탑'],
  ['turtleneck', 'TOP', '터틀넥'],
  ['pullover', 'TOP', '풀오버'],
  ['jeans,denim', 'BOTTOM', '청바지'],
  ['pants,trousers', 'BOTTOM', '바지'],
  ['slacks', 'BOTTOM', '슬랙스'],
  ['chinos,chino pants', 'BOTTOM', '치노 팬츠'],
  ['joggers,jogger pants,sweatpants', 'BOTTOM', '조거 팬츠'],
  ['cargo pants,cargos', 'BOTTOM', '카고 바지'],
  ['leggings', 'BOTTOM', '레깅스'],
  ['shorts', 'BOTTOM', '반바지'],
  ['skirt', 'BOTTOM', '스커트'],
  ['denim skirt', 'BOTTOM', '데님 스커트'],
  ['dress,onepiece,one piece', 'DRESS', '원피스'],
  ['jumpsuit', 'DRESS', '점프수트'],
  ['coat,overcoat', 'OUTER', '코트'],
  ['trench,trench coat', 'OUTER', '트렌치코트'],
  ['jacket', 'OUTER', '재킷'],
  ['denim jacket,jean jacket', 'OUTER', '청재킷'],
  ['leather jacket', 'OUTER', '가죽 재킷'],
  ['padding,puffer,down jacket,puffer jacket,padded jacket', 'OUTER', '패딩'],
  ['parka', 'OUTER', '파카'],
  ['cardigan', 'OUTER', '카디건'],
  ['blazer', 'OUTER', '블레이저'],
  ['blouson', 'OUTER', '블루종'],
  ['anorak', 'OUTER', '아노락'],
  ['windbreaker', 'OUTER', '바람막이'],
  ['jumper', 'OUTER', '점퍼'],
  ['zip up,zipup,zip hoodie', 'OUTER', '집업'],
  ['vest,gilet', 'OUTER', '조끼'],
  ['fleece', 'OUTER', '플리스'],
  ['shoes', 'SHOES', '신발'],
  ['sneakers,sneaker,trainers', 'SHOES', '스니커즈'],
  ['running shoes', 'SHOES', '러닝화'],
  ['boots,boot', 'SHOES', '부츠'],
  ['loafers,loafer', 'SHOES', '로퍼'],
  ['sandals,sandal', 'SHOES', '샌들'],
  ['slippers,slides', 'SHOES', '슬리퍼'],
  ['heels,pumps', 'SHOES', '구두'],
  ['mules', 'SHOES', '뮬'],
  ['slip on,slipon', 'SHOES', '슬립온'],
  ['socks,sock', 'SOCKS', '양말'],
  ['cap,ballcap,baseball cap', 'HAT', '볼캡'],
  ['hat', 'HAT', '모자'],
  ['beanie', 'HAT', '비니'],
  ['bucket hat', 'HAT', '버킷햇'],
  ['beret', 'HAT', '베레모'],
  ['fedora', 'HAT', '페도라'],
  ['snapback', 'HAT', '스냅백'],
  ['bag', 'BAG', '가방'],
  ['backpack', 'BAG', '백팩'],
  ['tote,tote bag', 'BAG', '토트백'],
  ['shoulder bag', 'BAG', '숄더백'],
  ['crossbody,cross bag,crossbody bag', 'BAG', '크로스백'],
  ['eco bag', 'BAG', '에코백'],
  ['clutch', 'BAG', '클러치'],
  ['pouch', 'BAG', '파우치'],
  ['scarf', 'SCARF', '스카프'],
  ['muffler', 'SCARF', '머플러'],
  ['shawl', 'SCARF', '숄'],
  ['underwear', 'UNDERWEAR', '속옷'],
  ['briefs,boxers', 'UNDERWEAR', '속옷'],
  ['bra', 'UNDERWEAR', '브라'],
  ['necklace', 'ACCESSORY', '목걸이'],
  ['earrings,earring', 'ACCESSORY', '귀걸이'],
  ['ring', 'ACCESSORY', '반지'],
  ['bracelet', 'ACCESSORY', '팔찌'],
  ['belt', 'ACCESSORY', '벨트'],
  ['gloves', 'ACCESSORY', '장갑'],
  ['sunglasses', 'ACCESSORY', '선글라스'],
  ['glasses', 'ACCESSORY', '안경'],
  ['watch', 'ACCESSORY', '시계'],
  ['tie,necktie', 'ACCESSORY', '넥타이'],
  ['wallet', 'ACCESSORY', '지갑'],
];

const ENGLISH_WORDS = ENGLISH.flatMap(([words, type, korean]) =>
  words.split(',').map((w) => ({ tokens: w.split(' '), type, korean })),
);

/** A random name (a hash, a UUID, a counter): only hex digits and separators, with at least one digit. */
const RANDOM = /^(?=.*\d)[0-9a-f\s]{8,}$/i;

export interface FileNameReading {
  /** The garment the name holds, as a Korean word ('코트' for `coat`, `코트` for `코트`), or null. */
  garment: string | null;
  type: ClothesType | null;
  /** The colour word the name holds as written (`navy`, `빨간`), or null. */
  colour: string | null;
}

const NOTHING: FileNameReading = { garment: null, type: null, colour: null };

/** A plural in -s (or -es) is the word: `coats`, `dresses`. */
function sameWord(token: string, word: string): boolean {
  return token === word || token === `${word}s` || token === `${word}es`;
}

/**
 * The English garment in `tokens`: the last one, as English puts the garment after what describes it
 * (`denim jacket` is a jacket, `shirt dress` a dress); of several ending at the same word, the longest.
 */
function englishGarment(tokens: readonly string[]): { type: ClothesType; korean: string } | null {
  let best: { end: number; length: number; type: ClothesType; korean: string } | null = null;
  for (const entry of ENGLISH_WORDS) {
    const n = entry.tokens.length;
    for (let start = 0; start + n <= tokens.length; start++) {
      const hit = entry.tokens.every((word, i) => {
        const token = tokens[start + i] ?? '';
        return i === n - 1 ? sameWord(token, word) : token === word;
      });
      const end = start + n - 1;
      if (hit && (!best || end > best.end || (end === best.end && n > best.length)))
        best = { end, length: n, type: entry.type, korean: entry.korean };
    }
  }
  return best && { type: best.type, korean: best.korean };
}

/** The first colour word in `tokens` (two in a row first: `light blue`, `sky blue`), as written. */
function colourWord(tokens: readonly string[]): string | null {
  for (const [i, token] of tokens.entries()) {
    const after = tokens[i + 1];
    if (after !== undefined && colourWordReference(`${token} ${after}`)) return `${token} ${after}`;
    if (colourWordReference(token)) return token;
  }
  return null;
}

/**
 * What a photo's file name honestly tells: the garment (as a Korean word), its type and a colour word. Camera,
 * phone, messenger and browser names (`IMG_1234`, `DSC01234`, `PXL_2023…`, `photo1`, `image (3)`, `스크린샷 …`,
 * `KakaoTalk_…`) and random names (hashes, UUIDs) hold no garment word, so they tell nothing; the words of the
 * name are never kept as they are, so an English name never becomes the garment's name.
 */
export function readFileName(fileName: string | undefined): FileNameReading {
  if (!fileName) return NOTHING;
  // Browsers on macOS send decomposed Hangul; the rest of the app stores composed text.
  const base = fileName.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[_+.()[\]-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  if (!stem || !isSafeText(stem) || RANDOM.test(stem)) return NOTHING;
  // Words are letters only: `photo1`, `dsc01234` or a hash's pieces never read as a word.
  const tokens = stem.split(' ').filter((t) => /^(\p{L})+$/u.test(t));
  const colour = colourWord(tokens);
  const english = englishGarment(tokens);
  if (english) return { garment: english.korean, type: english.type, colour };
  // Korean garment words are the names people give (`청바지`, `반팔티`); an English one the table above lacks is
  // named by its type.
  const found = garmentWordIn(tokens.join(' '));
  if (!found) return NOTHING;
  const garment = /[\uac00-\ud7a3]/.test(found.word) ? found.word : ko.clothes.analysis.typeNouns[found.type];
  return { garment, type: found.type, colour };
}

/**
 * The option of the colour definition a colour word of the file name means ('navy' → '네이비', '빨간' → '레드'),
 * or null when none is that colour (ΔE2000 under 15 from the word's reference colour).
 */
export function optionOfColourWord(word: string | null, options: readonly string[]): string | null {
  const wanted = word ? colourWordReference(word) : null;
  if (!wanted) return null;
  let best: { option: string; distance: number } | null = null;
  for (const option of options) {
    const reference = referenceOf(option);
    const distance = reference ? deltaE2000(reference, wanted) : Infinity;
    if (distance < 15 && (!best || distance < best.distance)) best = { option, distance };
  }
  return best?.option ?? null;
}

/**
 * A draft's name: the colour option before the Korean garment word ('네이비 코트'), the garment alone without a
 * colour, null without a garment. The web builds the same names when the user changes the type or the colour
 * (apps/web features/clothes/utils/bulk-drafts.ts), so it can tell the garment word back from the colour.
 */
export function draftName(colour: string | null, garment: string | null): string | null {
  if (!garment) return null;
  const name = colour ? `${colour} ${garment}` : garment;
  return [...name].slice(0, LIMITS.clothesNameMax).join('');
}
