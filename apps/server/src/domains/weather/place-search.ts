import type { Location } from '@otboo/contract';
import { LRUCache } from 'lru-cache';
import { readKmaCsv } from './resources.js';

/**
 * Places by name (docs/api.md §9.1), answered from the embedded KMA region table in memory: no database, no
 * outside call. Every row of the table (a 시/도, a 시/군/구 or a 읍/면/동) is a place, and a query word matches a
 * place when it is in any of the place's level names (`제주` finds 제주시 and every 읍/면/동 of 제주). Best first:
 * exact name, then prefix, then contains; at the same match 시/도 and 시/군/구 before 읍/면/동; then a match of
 * the place's own name before one of a level above it; then table order. Text is compared as text
 * (`startsWith`/`includes`), so `%`, `_` and `\` are ordinary characters that no name contains.
 */

/** How a query word meets a name, best first. */
const EXACT = 0;
const PREFIX = 1;
const CONTAINS = 2;
const MATCHES = [EXACT, PREFIX, CONTAINS] as const;
/** A query longer than this many words keeps the first ones (40 characters allow ~20 words). */
const MAX_WORDS = 5;

interface Place {
  /** Level names normalized for matching, the place's own last. */
  keys: string[];
  /** 0: a 시/도 or 시/군/구; 1: a 읍/면/동. */
  group: 0 | 1;
  location: Location;
}

/** The places carrying one name, by how (own name or a level above) and level group, in table order. */
interface NameEntry {
  name: string;
  /** [own][group] */
  places: [[number[], number[]], [number[], number[]]];
}

interface PlaceIndex {
  places: Place[];
  names: NameEntry[];
  /** Gram (each character and each pair of adjacent characters) → ids of the names containing it. */
  byGram: Map<string, number[]>;
}

/** NFC (a decomposed 한글 from some keyboards matches the table's composed text) and lower-case Latin. */
export function normalizePlaceText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** A copy of a table string as a flat string of its own: slices of the CSV text compare several times slower. */
const flat = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/**
 * The grams a name is found by: its characters and pairs of adjacent characters (code points, so an emoji is
 * one). A word is looked up by its pairs, or by its character when it has one: a name containing the word
 * contains every gram of it, so the rarest gram's list holds every candidate.
 */
function gramsOf(text: string, all: boolean): Set<string> {
  const chars = Array.from(text);
  const grams = new Set<string>();
  if (all || chars.length === 1) for (const ch of chars) grams.add(ch);
  for (let i = 0; i + 1 < chars.length; i++) grams.add(`${chars[i]}${chars[i + 1]}`);
  return grams;
}

/** `["세종특별자치시","세종특별자치시","조치원읍"]` → `["세종특별자치시","조치원읍"]`. */
function levelNames(levels: readonly (string | undefined)[]): string[] {
  const names: string[] = [];
  for (const level of levels) if (level && level !== names.at(-1)) names.push(level);
  return names;
}

/** Builds the index from rows `level1,level2,level3,nx,ny,lon,lat` (header first). */
export function buildPlaceIndex(rows: readonly string[][]): PlaceIndex {
  const [header = [], ...body] = rows;
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`kma-regions.csv has no ${name} column`);
    return i;
  };
  const [c1, c2, c3, cx, cy, cLon, cLat] = [
    col('level1'),
    col('level2'),
    col('level3'),
    col('nx'),
    col('ny'),
    col('lon'),
    col('lat'),
  ];
  const places: Place[] = [];
  const names: NameEntry[] = [];
  const byGram = new Map<string, number[]>();
  const entries = new Map<string, NameEntry>();
  const entryOf = (name: string): NameEntry => {
    const known = entries.get(name);
    if (known) return known;
    const entry: NameEntry = {
      name,
      places: [
        [[], []],
        [[], []],
      ],
    };
    const id = names.length;
    names.push(entry);
    entries.set(name, entry);
    for (const gram of gramsOf(name, true)) {
      const list = byGram.get(gram);
      if (list) list.push(id);
      else byGram.set(gram, [id]);
    }
    return entry;
  };
  for (const r of body) {
    const levels = levelNames([r[c1], r[c2], r[c3]]);
    if (levels.length === 0) continue;
    const keys = levels.map((level) => flat(normalizePlaceText(level)));
    const group = r[c3] ? 1 : 0;
    const id = places.length;
    places.push({
      keys,
      group,
      location: Object.freeze({
        latitude: Number(r[cLat]),
        longitude: Number(r[cLon]),
        x: Number(r[cx]),
        y: Number(r[cy]),
        locationNames: levels,
      }),
    });
    keys.forEach((key, level) => {
      const own = level === keys.length - 1 ? 0 : 1;
      entryOf(key).places[own][group].push(id);
    });
  }
  return { places, names, byGram };
}

/** How a query word meets a name: 0 exact, 1 prefix, 2 contains, -1 not at all. */
function matchOf(word: string, name: string): number {
  if (name === word) return EXACT;
  if (name.startsWith(word)) return PREFIX;
  return name.includes(word) ? CONTAINS : -1;
}

/** The names containing `word`, by how they match (found through the word's rarest character). */
function namesMatching(index: PlaceIndex, word: string): [NameEntry[], NameEntry[], NameEntry[]] {
  const out: [NameEntry[], NameEntry[], NameEntry[]] = [[], [], []];
  let shortest: number[] | undefined;
  for (const gram of gramsOf(word, false)) {
    const list = index.byGram.get(gram);
    if (!list) return out;
    if (!shortest || list.length < shortest.length) shortest = list;
  }
  for (const id of shortest ?? []) {
    const entry = index.names[id];
    if (!entry) continue;
    const match = matchOf(word, entry.name);
    if (match === EXACT || match === PREFIX || match === CONTAINS) out[match].push(entry);
  }
  return out;
}

export type PlaceSearch = (query: string, limit: number) => Location[];

/** A search over `index`; the answer is at most `limit` places, best first. */
export function createPlaceSearchOver(index: PlaceIndex): PlaceSearch {
  const { places } = index;

  /** One word: bucket by bucket in rank order, each taking only what is still missing. */
  function oneWord(word: string, limit: number): number[] {
    const byMatch = namesMatching(index, word);
    const found: number[] = [];
    const seen = new Set<number>();
    for (const match of MATCHES) {
      const entries = byMatch[match];
      if (entries.length === 0) continue;
      for (const group of [0, 1] as const) {
        for (const own of [0, 1] as const) {
          const missing = limit - found.length;
          // The first `missing` of each name's list are enough: the bucket is ordered by table position.
          const bucket: number[] = [];
          for (const e of entries) {
            const list = e.places[own][group];
            let taken = 0;
            for (const id of list) {
              if (taken === missing) break;
              if (!seen.has(id)) {
                bucket.push(id);
                taken++;
              }
            }
          }
          if (entries.length > 1) bucket.sort((a, b) => a - b);
          for (const id of bucket) {
            if (found.length === limit) return found;
            if (seen.has(id)) continue;
            seen.add(id);
            found.push(id);
          }
        }
      }
    }
    return found;
  }

  /** Several words: each must be in some level name; ranked by the best way any of them meets the place. */
  function manyWords(words: readonly string[], limit: number): number[] {
    // Candidates: the places of the word with the fewest.
    let candidates: Set<number> | undefined;
    for (const word of words) {
      const set = new Set<number>();
      for (const entries of namesMatching(index, word))
        for (const e of entries)
          for (const byGroup of e.places) for (const list of byGroup) for (const id of list) set.add(id);
      if (!candidates || set.size < candidates.size) candidates = set;
    }
    const ranked: [number, number][] = [];
    for (const id of candidates ?? []) {
      const place = places[id];
      if (!place) continue;
      const { keys, group } = place;
      let rank = Infinity;
      let all = true;
      for (const word of words) {
        let best = Infinity;
        keys.forEach((key, level) => {
          const match = matchOf(word, key);
          if (match >= 0) best = Math.min(best, match * 4 + group * 2 + (level === keys.length - 1 ? 0 : 1));
        });
        if (best === Infinity) {
          all = false;
          break;
        }
        rank = Math.min(rank, best);
      }
      if (all) ranked.push([rank, id]);
    }
    return ranked
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .slice(0, limit)
      .map(([, id]) => id);
  }

  return (query, limit) => {
    const words = [...new Set(normalizePlaceText(query).split(/\s+/u).filter(Boolean))].slice(0, MAX_WORDS);
    const [first] = words;
    if (first === undefined || limit < 1) return [];
    const found = words.length === 1 ? oneWord(first, limit) : manyWords(words, limit);
    return found.flatMap((id) => places[id]?.location ?? []);
  };
}

/** Answers kept for repeated queries (people type the same first syllables): bounded, the table never changes. */
const CACHED_ANSWERS = 2_000;

let shared: PlaceSearch | undefined;

/** The search over the bundled kma-regions.csv, built once on first use (about 3,800 places, a few ms). */
export function createPlaceSearch(): PlaceSearch {
  if (shared) return shared;
  const search = createPlaceSearchOver(buildPlaceIndex(readKmaCsv('kma-regions.csv')));
  const answers = new LRUCache<string, Location[]>({ max: CACHED_ANSWERS });
  shared = (query, limit) => {
    const key = `${limit}\u0000${query}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = search(query, limit);
      answers.set(key, answer);
    }
    return answer;
  };
  return shared;
}
