/**
 * Keyword matching for Korean and English product texts. English keywords match as words (letters may not
 * touch them, digits may: `24SS`); Korean keywords match inside words (`청바지` contains `바지`) unless marked
 * `edge`, which forbids a Hangul syllable right before them (`울` in `울코트` but not in `겨울`) — or `whole`,
 * which forbids one on either side (`백` alone, not in `백화점`).
 */
export interface Keyword {
  text: string;
  mode?: 'inside' | 'edge' | 'whole';
}

const HANGUL = /[\uac00-\ud7a3]/;
const ASCII_WORD = /^[\x20-\x7e]+$/;

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const compiled = new Map<string, RegExp>();

function patternOf(k: Keyword): RegExp {
  const id = `${k.mode ?? 'inside'}:${k.text}`;
  let re = compiled.get(id);
  if (!re) {
    const body = escape(k.text.toLowerCase()).replace(/\s+/g, '[\\s_-]*');
    if (ASCII_WORD.test(k.text)) re = new RegExp(`(?<![a-z])${body}(?![a-z])`, 'g');
    else if (k.mode === 'whole') re = new RegExp(`(?<![\\uac00-\\ud7a3])${body}(?![\\uac00-\\ud7a3])`, 'g');
    else if (k.mode === 'edge') re = new RegExp(`(?<![\\uac00-\\ud7a3])${body}`, 'g');
    else re = new RegExp(body, 'g');
    compiled.set(id, re);
  }
  re.lastIndex = 0;
  return re;
}

/** Where `k` first occurs in `text` (lower-cased by the caller), or -1. */
export function findKeyword(text: string, k: Keyword): number {
  const m = patternOf(k).exec(text);
  return m ? m.index : -1;
}

/** True when a keyword is Korean (used to pick default modes). */
export const isHangul = (s: string) => HANGUL.test(s);
