import type { ClothesType } from '@otboo/contract';
import { findKeyword, type Keyword } from './keyword-match.js';

type Entry = Keyword & { type: ClothesType };

const k = (type: ClothesType, words: string, mode?: Keyword['mode']): Entry[] =>
  words.split(',').map((text) => ({ type, text: text.trim(), ...(mode ? { mode } : {}) }));

/**
 * Garment words, Korean and English. Compound words that would otherwise lose to a shorter one are listed
 * whole (`후드 집업` is outerwear although `후드` is a top; `스니커즈 삭스` are socks).
 */
const ENTRIES: readonly Entry[] = [
  ...k(
    'TOP',
    '상의,티셔츠,반팔티,긴팔티,셔츠,니트,스웨터,맨투맨,스웨트셔츠,후드,후디,후드티,블라우스,폴로,카라티,나시,슬리브리스,민소매,탑,크롭탑,터틀넥,반팔,긴팔',
  ),
  ...k(
    'TOP',
    't-shirt,tee,shirt,knit,sweater,sweatshirt,hoodie,blouse,polo,top,tank top,turtleneck,pullover,dress shirt,드레스 셔츠',
  ),
  ...k(
    'BOTTOM',
    '하의,바지,팬츠,청바지,데님 팬츠,슬랙스,스커트,치마,반바지,쇼츠,레깅스,조거,트레이닝 팬츠,카고,면바지,치노',
  ),
  ...k('BOTTOM', 'pants,trousers,jeans,slacks,skirt,shorts,leggings,joggers,jogger,chinos'),
  ...k('DRESS', '원피스,드레스,점프수트,dress,one piece,onepiece,jumpsuit'),
  ...k(
    'OUTER',
    '아우터,코트,자켓,재킷,패딩,점퍼,가디건,카디건,블레이저,블루종,바람막이,아노락,후드 집업,후드집업,집업,야상,조끼,베스트 패딩,무스탕,트렌치,파카,플리스 자켓,윈드브레이커',
  ),
  ...k(
    'OUTER',
    'coat,jacket,parka,cardigan,blazer,blouson,anorak,windbreaker,jumper,puffer,padding,zip-up,zip up,vest,trench',
  ),
  ...k(
    'SHOES',
    '신발,운동화,스니커즈,부츠,로퍼,샌들,슬리퍼,구두,하이힐,플랫슈즈,슈즈,뮬,슬립온,러닝화,워킹화,등산화,트레킹화,농구화,축구화,워커,첼시,더비',
  ),
  ...k(
    'SHOES',
    'shoes,sneakers,sneaker,boots,loafers,loafer,sandals,sandal,slippers,heels,mules,slip-on,running shoes',
  ),
  ...k('SOCKS', '양말,삭스,니삭스,스니커즈 삭스,덧신,socks'),
  ...k(
    'HAT',
    '모자,볼캡,야구모자,스냅백,비니,버킷햇,베레모,페도라,햇,hat,cap,beanie,bucket hat,beret,fedora,snapback',
  ),
  ...k('HAT', '캡', 'whole'),
  ...k(
    'BAG',
    '가방,백팩,토트백,숄더백,크로스백,에코백,클러치,파우치,웨이스트백,메신저백,더플백,bag,backpack,tote,clutch,pouch',
  ),
  ...k('BAG', '백', 'whole'),
  ...k('SCARF', '머플러,스카프,목도리,숄,넥워머,scarf,muffler,shawl'),
  ...k(
    'UNDERWEAR',
    '속옷,언더웨어,팬티,드로즈,브리프,브래지어,브라렛,내복,이너웨어,underwear,briefs,boxers,bra,lingerie',
  ),
  ...k('UNDERWEAR', '브라,트렁크', 'whole'),
  ...k(
    'ACCESSORY',
    '액세서리,악세서리,패션소품,목걸이,귀걸이,반지,팔찌,벨트,장갑,선글라스,안경,시계,넥타이,지갑,키링,헤어핀',
  ),
  ...k(
    'ACCESSORY',
    'accessory,accessories,necklace,earrings,earring,ring,bracelet,belt,gloves,sunglasses,glasses,watch,necktie,tie,wallet',
  ),
];

/** The longest garment word found in `text`, as listed, with its type (ties: the earliest occurrence); or null. */
export function garmentWordIn(text: string): { type: ClothesType; word: string; index: number } | null {
  const lower = text.toLowerCase();
  let best: { type: ClothesType; word: string; index: number } | null = null;
  for (const entry of ENTRIES) {
    const index = findKeyword(lower, entry);
    if (index < 0) continue;
    if (
      !best ||
      entry.text.length > best.word.length ||
      (entry.text.length === best.word.length && index < best.index)
    )
      best = { type: entry.type, word: entry.text, index };
  }
  return best;
}

/**
 * Guesses the garment type. Categories decide first, the most specific (last) one that names a garment
 * (`여성의류 > 니트 > 가디건` → OUTER); otherwise the name's longest garment word wins
 * (`후드 집업 자켓` → OUTER, `반팔 원피스` → DRESS). Null when nothing names a garment.
 */
export function guessClothesType(input: {
  categories: readonly string[];
  name?: string | undefined;
}): ClothesType | null {
  for (const category of [...input.categories].reverse()) {
    const hit = garmentWordIn(category);
    if (hit) return hit.type;
  }
  return input.name ? (garmentWordIn(input.name)?.type ?? null) : null;
}
