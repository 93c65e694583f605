/**
 * Word matching for garment names and attribute values. Spaces, hyphens and case never matter (`롱 패딩`,
 * `롱-패딩` and `롱패딩` read the same); list entries starting with `^` match only at the start of a word
 * (`^울`: not 겨울) and entries starting with `=` only as a whole word (`=퍼`: not 퍼프, 지퍼).
 */

/** Spaces and ASCII punctuation (and the middle dot) separate words; everything else is part of one. */
const SEPARATORS = /[\s!-/:-@[-`{-~·]+/g;

/** Lower case without separators. */
export function compact(text: string): string {
  return text.toLowerCase().replace(SEPARATORS, '');
}

function words(text: string): string[] {
  return text.toLowerCase().split(SEPARATORS).filter(Boolean);
}

/** A text prepared once for many word lookups. */
export interface Searchable {
  compact: string;
  words: string[];
}

export function searchable(text: string): Searchable {
  return { compact: compact(text), words: words(text) };
}

/** A word list compiled once: plain words as one regular expression over the compact text. */
export interface WordMatcher {
  re: RegExp | null;
  prefixes: string[];
  exact: string[];
}

const escapeRe = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function compileWords(list: readonly string[]): WordMatcher {
  const plain: string[] = [];
  const prefixes: string[] = [];
  const exact: string[] = [];
  for (const word of list) {
    if (word.startsWith('^')) prefixes.push(compact(word.slice(1)));
    else if (word.startsWith('=')) exact.push(compact(word.slice(1)));
    else plain.push(escapeRe(compact(word)));
  }
  return { re: plain.length ? new RegExp(plain.join('|')) : null, prefixes, exact };
}

/** The first word of the list found in the text (as written in the text, without separators), or null. */
export function matchedWord(m: WordMatcher, text: Searchable): string | null {
  const found = m.re?.exec(text.compact);
  if (found) return found[0];
  for (const t of text.words) {
    if (m.exact.includes(t)) return t;
    for (const p of m.prefixes) if (t.startsWith(p)) return p;
  }
  return null;
}

export function matches(m: WordMatcher, text: Searchable): boolean {
  if (m.re?.test(text.compact)) return true;
  for (const t of text.words) {
    if (m.exact.includes(t)) return true;
    for (const p of m.prefixes) if (t.startsWith(p)) return true;
  }
  return false;
}

export const matchesAny = (m: WordMatcher, texts: readonly Searchable[]) => texts.some((t) => matches(m, t));
