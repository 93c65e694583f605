import { isSafeText, LIMITS, type ClothesType } from '@otboo/contract';
import { guessClothesType } from '../extraction/guess-type.js';

/**
 * Names cameras, phones, messengers and browsers give files: they say nothing about the garment, however they
 * continue (`IMG_1234`, `KakaoTalk_20240101_…`, `스크린샷 2024-…`, `다운로드 (3)`).
 */
const GENERATED =
  /^(img|image|images|dsc|dscn|dscf|dcim|pxl|mvimg|photo|photos|pic|picture|screenshot|screen shot|scan|kakaotalk|카카오톡|스크린샷|사진|이미지|다운로드|download|untitled|제목 없음|whatsapp|signal|file|temp|tmp|unnamed)(\b|[\s\d_-]|$)/i;

/**
 * What a photo's file name honestly tells: the name as written (separators turned into spaces) and the garment
 * type when the name holds a garment word (`navy-coat.jpg`, `네이비 코트.jpg` → OUTER). Both are null unless a
 * garment word is there: a name that names no garment (`IMG_1234.jpg`, `여행.jpg`) tells nothing.
 */
export function readFileName(fileName: string | undefined): {
  name: string | null;
  type: ClothesType | null;
} {
  const none = { name: null, type: null };
  if (!fileName) return none;
  // Browsers on macOS send decomposed Hangul; the rest of the app stores composed text.
  const base = fileName.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    // Copy markers and counters that file managers add: `코트 (1)`, `coat copy`, `코트 복사본`, `coat-2`.
    .replace(/\s*\(\d+\)$/, '')
    .replace(/[\s_-]*(copy|복사본)$/i, '')
    .replace(/[_+.-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(\s\d+)+$/, '');
  if (!stem || !isSafeText(stem) || GENERATED.test(stem) || !/[a-z\uac00-\ud7a3]/i.test(stem)) return none;
  const type = guessClothesType({ categories: [], name: stem });
  if (!type) return none;
  return { name: [...stem].slice(0, LIMITS.clothesNameMax).join(''), type };
}
