import { describe, expect, it } from 'vitest';
import { ACCENT_COLOURS, NEUTRAL_COLOURS, STYLES, type ColourFamily, type StyleFamily } from './look.js';
import {
  better,
  searchOutfit,
  valueOf,
  type Outfit,
  type OutfitProblem,
  type OutfitValue,
  type Piece,
} from './outfit-search.js';

/** A small deterministic PRNG (mulberry32), so every run checks the same problems. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COLOURS: (ColourFamily | null)[] = [null, ...NEUTRAL_COLOURS, ...ACCENT_COLOURS];
const STYLE_CHOICES: (StyleFamily | null)[] = [null, ...STYLES];

/** A random problem: a few pieces per slot, styles and colours drawn from `styles`/`colours`. */
function problemOf(
  next: () => number,
  styles: (StyleFamily | null)[],
  colours: (ColourFamily | null)[],
): OutfitProblem {
  let n = 0;
  const pieces = (max: number): Piece[] =>
    Array.from({ length: Math.floor(next() * (max + 1)) }, () => ({
      id: `g${n++}`,
      score: Math.round(next() * 60) / 10 - 3,
      style: styles[Math.floor(next() * styles.length)]!,
      colour: colours[Math.floor(next() * colours.length)]!,
    })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  return {
    tops: pieces(3),
    bottoms: pieces(3),
    dresses: pieces(2),
    others: [
      { slot: 'OUTER', options: pieces(3) },
      { slot: 'SHOES', options: pieces(3) },
      { slot: 'HAT', options: pieces(1) },
      { slot: 'SCARF', options: pieces(1) },
    ],
  };
}

/** Every outfit the rules allow: a pair (without a part only when the closet lacks it) or a dress; every other slot filled. */
function* everyOutfit(p: OutfitProblem): Generator<Outfit> {
  const bases: Omit<Outfit, 'others'>[] = [];
  if (p.tops.length || p.bottoms.length || !p.dresses.length)
    for (const top of p.tops.length ? p.tops : [null])
      for (const bottom of p.bottoms.length ? p.bottoms : [null])
        bases.push({ base: 'pair', top, bottom, dress: null });
  for (const dress of p.dresses) bases.push({ base: 'dress', top: null, bottom: null, dress });
  const slots = p.others.filter((s) => s.options.length);
  function* fill(i: number, chosen: Outfit['others']): Generator<Outfit['others']> {
    if (i === slots.length) {
      yield chosen;
      return;
    }
    for (const piece of slots[i]!.options) yield* fill(i + 1, [...chosen, { slot: slots[i]!.slot, piece }]);
  }
  for (const base of bases) for (const others of fill(0, [])) yield { ...base, others };
}

function bruteForce(p: OutfitProblem): OutfitValue | null {
  let best: OutfitValue | null = null;
  for (const o of everyOutfit(p)) {
    const v = valueOf(p, o);
    if (better(v, best)) best = v;
  }
  return best;
}

const close = (a: OutfitValue, b: OutfitValue) =>
  a.complete === b.complete && a.breaks === b.breaks && Math.abs(a.score - b.score) < 1e-9;

describe('outfit search', () => {
  it.each([
    ['any style and colour', STYLE_CHOICES, COLOURS],
    // Mostly clashing closets, so the fallback search is exercised too.
    [
      'clashing styles and accents',
      ['formal', 'sporty', 'vintage', 'lovely'] as StyleFamily[],
      ['red', 'green', 'multi', 'blue'] as ColourFamily[],
    ],
    [
      'neutral, easy-going closets',
      ['casual', 'minimal', null] as (StyleFamily | null)[],
      ['black', 'white', 'red', null] as (ColourFamily | null)[],
    ],
  ])('finds the best outfit brute force finds (%s)', (_label, styles, colours) => {
    const next = random(styles.length * 7919 + colours.length);
    for (let i = 0; i < 400; i++) {
      const problem = problemOf(next, styles, colours);
      const expected = bruteForce(problem);
      const found = searchOutfit(problem);
      if (!expected) {
        expect(found === null || valueOf(problem, found).score === 0).toBe(true);
        continue;
      }
      expect(found, `problem ${i}`).not.toBeNull();
      const value = valueOf(problem, found!);
      expect(close(value, expected), `problem ${i}: ${JSON.stringify({ value, expected })}`).toBe(true);
    }
  });

  it('prefers a complete outfit with a clash over an incomplete one without', () => {
    const piece = (id: string, score: number, colour: ColourFamily | null): Piece => ({
      id,
      score,
      style: null,
      colour,
    });
    const problem: OutfitProblem = {
      tops: [piece('red top', 1, 'red')],
      bottoms: [piece('green bottom', 1, 'green')],
      dresses: [],
      others: [],
    };
    const o = searchOutfit(problem)!;
    expect(o.top?.id).toBe('red top');
    expect(o.bottom?.id).toBe('green bottom');
    expect(valueOf(problem, o)).toEqual({ complete: true, breaks: 1, score: 1 });
  });

  it('gives up score, never completeness, to keep the rules (oxfords never with training shorts)', () => {
    const piece = (id: string, score: number, style: StyleFamily | null, colour: ColourFamily | null) => ({
      id,
      score,
      style,
      colour,
    });
    const problem: OutfitProblem = {
      tops: [piece('neon sporty tee', 2, 'sporty', 'yellow'), piece('white tee', 1, 'casual', 'white')],
      bottoms: [piece('training shorts', 2, 'sporty', 'black'), piece('chino shorts', 0.5, null, 'beige')],
      dresses: [],
      others: [
        {
          slot: 'SHOES',
          options: [piece('oxford shoes', 3, 'formal', 'brown'), piece('sneakers', 0, 'casual', 'white')],
        },
      ],
    };
    const o = searchOutfit(problem)!;
    expect(valueOf(problem, o).breaks).toBe(0);
    // The oxfords (3) are worth more than the sporty pair (2 vs 0.75), so the pair gives way: never oxfords with
    // training shorts or a neon sporty tee.
    expect([o.top?.id, o.bottom?.id, o.others[0]?.piece.id]).toEqual([
      'white tee',
      'chino shorts',
      'oxford shoes',
    ]);
    // Without the plain pair, the sneakers go with the sporty pair instead.
    const sporty = { ...problem, tops: problem.tops.slice(0, 1), bottoms: problem.bottoms.slice(0, 1) };
    const s = searchOutfit(sporty)!;
    expect(valueOf(sporty, s).breaks).toBe(0);
    expect(s.others[0]?.piece.id).toBe('sneakers');
  });

  it('is deterministic', () => {
    const problem = problemOf(random(42), STYLE_CHOICES, COLOURS);
    const first = searchOutfit(problem);
    for (let i = 0; i < 5; i++) expect(searchOutfit(problem)).toEqual(first);
  });
});
