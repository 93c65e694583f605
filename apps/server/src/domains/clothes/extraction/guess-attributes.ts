import type { AttributeDefDto, ClothesAttributeDto } from '@otboo/contract';
import { findKeyword, isHangul, type Keyword } from './keyword-match.js';

/**
 * Other words for an option, keyed by the option as the default definitions spell it. They only ever map to
 * an option the definition really has; an administrator's own options still match by their own text.
 */
const SYNONYMS: Record<string, string[]> = {
  // colour
  블랙: ['black', '검정', '검은', '흑색', 'blk'],
  화이트: ['white', '흰색', '하얀', '화이트', 'wht'],
  아이보리: ['ivory', '크림', 'cream', '오프화이트', 'off white', 'off-white'],
  그레이: ['gray', 'grey', '회색', '멜란지', 'melange'],
  차콜: ['charcoal'],
  네이비: ['navy', '남색'],
  베이지: ['beige', '샌드', 'sand', '오트밀', 'oatmeal'],
  브라운: ['brown', '갈색', '카멜', 'camel', '모카', 'mocha'],
  카키: ['khaki', '올리브', 'olive'],
  레드: ['red', '빨간', '빨강', '적색'],
  와인: ['wine', '버건디', 'burgundy'],
  오렌지: ['orange', '주황'],
  옐로우: ['yellow', '노란', '노랑', '머스타드', 'mustard', '옐로'],
  그린: ['green', '초록', '녹색'],
  민트: ['mint'],
  블루: ['blue', '파란', '파랑', '청색'],
  스카이블루: ['sky blue', 'skyblue', '하늘색', '소라색'],
  퍼플: ['purple', '보라', '라벤더', 'lavender'],
  핑크: ['pink', '분홍'],
  실버: ['silver', '은색'],
  골드: ['gold', '금색'],
  멀티: ['multi', 'multicolor', 'multi color'],
  // season
  봄: ['spring', 's/s', 'ss', '간절기', '봄가을', '봄/가을'],
  여름: ['summer', 's/s', 'ss', '썸머', '하절기'],
  가을: ['fall', 'autumn', 'f/w', 'fw', '간절기', '가을겨울', '가을/겨울'],
  겨울: ['winter', 'f/w', 'fw', '윈터', '동절기', '방한'],
  // material
  면: ['cotton', '코튼', '순면'],
  린넨: ['linen', '리넨'],
  폴리에스터: ['polyester', '폴리에스테르'],
  울: ['wool', '메리노', 'merino', '램스울', '울코트', '울니트', '울혼방', '울 혼방', '울블렌드'],
  캐시미어: ['cashmere'],
  니트: ['knit'],
  데님: ['denim', '청바지', '청자켓'],
  가죽: ['leather', '레더', '소가죽', '양가죽'],
  스웨이드: ['suede'],
  나일론: ['nylon'],
  '패딩(다운)': ['패딩', 'padding', 'puffer', '덕다운', '구스다운', 'duck down', 'goose down'],
  플리스: ['fleece', '후리스', '뽀글이'],
  실크: ['silk'],
  레이온: ['rayon', '비스코스', 'viscose'],
  코듀로이: ['corduroy', '골덴'],
  // thickness
  얇음: ['얇은', '얇아', 'thin', 'lightweight', 'light weight', '시스루', 'sheer', '쿨링'],
  두꺼움: ['두꺼운', '두툼', '도톰', '기모', 'heavy', '헤비', 'heavyweight'],
  // style
  캐주얼: ['casual'],
  포멀: ['formal', '정장', '수트'],
  스포티: ['sporty', '트레이닝', 'training'],
  스트릿: ['street', '스트리트'],
  미니멀: ['minimal'],
  빈티지: ['vintage'],
  러블리: ['lovely'],
  아웃도어: ['outdoor', '등산', '고어텍스', 'gore-tex'],
  // water resistance
  예: [
    '방수',
    '발수',
    'waterproof',
    'water proof',
    'water-repellent',
    'water repellent',
    '고어텍스',
    'gore-tex',
  ],
};

/**
 * Single-syllable options that may match by their own text, and how: `면` at a word start (`면바지`, `면 100%`,
 * not `양면`), `울` and `봄` only alone (not `겨울`, `울트라`, `봄버`). Other one-syllable options (`예`) match only
 * through their synonyms.
 */
const SHORT_OPTIONS: Record<string, Keyword['mode']> = { 면: 'edge', 울: 'whole', 봄: 'whole' };

function keywordsFor(option: string): Keyword[] {
  const own: Keyword[] = [];
  if ([...option].length > 1 || !isHangul(option)) own.push({ text: option });
  else if (SHORT_OPTIONS[option]) own.push({ text: option, mode: SHORT_OPTIONS[option] });
  const synonyms = (SYNONYMS[option] ?? []).map((text): Keyword => ({ text }));
  return [...own, ...synonyms];
}

/** The option named earliest in `text` (longer names win at the same place), or null. */
function optionIn(text: string, options: readonly string[]): string | null {
  const lower = text.toLowerCase();
  let best: { option: string; index: number; length: number } | null = null;
  for (const option of options) {
    for (const keyword of keywordsFor(option)) {
      const index = findKeyword(lower, keyword);
      if (index < 0) continue;
      const length = keyword.text.length;
      if (!best || index < best.index || (index === best.index && length > best.length))
        best = { option, index, length };
    }
  }
  return best?.option ?? null;
}

/**
 * One guessed value per definition whose options a text names. `texts` go from most to least trusted
 * (structured colour/material fields, then the name, categories, description): the first text that names
 * an option of a definition decides it.
 */
export function guessAttributes(
  definitions: readonly AttributeDefDto[],
  texts: readonly (string | undefined)[],
): ClothesAttributeDto[] {
  const usable = texts.filter((t): t is string => Boolean(t && t.trim()));
  const out: ClothesAttributeDto[] = [];
  for (const def of definitions) {
    for (const text of usable) {
      const option = optionIn(text, def.selectableValues);
      if (option) {
        out.push({
          definitionId: def.id,
          definitionName: def.name,
          selectableValues: def.selectableValues,
          value: option,
        });
        break;
      }
    }
  }
  return out;
}
