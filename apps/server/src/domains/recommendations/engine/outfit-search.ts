import {
  ACCENT_COLOURS,
  STYLE_GROUPS,
  coloursClash,
  isAccent,
  stylesClash,
  type ColourFamily,
  type StyleFamily,
} from './look.js';

/**
 * The joint choice of an outfit's visible pieces (docs/recommendations.md §4). Each slot comes with its options:
 * the garments warm and dry enough for the day, each with its score (taste, rotation and tie-break included).
 * Outfits are compared by, in order: complete (top and bottom, or a dress), fewer rule breaks (pairs of pieces
 * whose styles or colours clash), higher total score (a top and bottom count as their mean, like one dress).
 */

export interface Piece {
  id: string;
  score: number;
  style: StyleFamily | null;
  colour: ColourFamily | null;
}

/** A slot other than top, bottom and dress: filled whenever it has options. */
export interface SlotOptions<S extends string = string> {
  slot: S;
  /** Best first (score descending, then id ascending). */
  options: readonly Piece[];
}

export interface OutfitProblem<S extends string = string> {
  tops: readonly Piece[];
  bottoms: readonly Piece[];
  dresses: readonly Piece[];
  others: readonly SlotOptions<S>[];
}

export interface Outfit<S extends string = string> {
  base: 'pair' | 'dress';
  top: Piece | null;
  bottom: Piece | null;
  dress: Piece | null;
  /** One piece per slot of `others` that has options, in the same order. */
  others: { slot: S; piece: Piece }[];
}

export interface OutfitValue {
  complete: boolean;
  /** Style clashes plus colour clashes between pairs of pieces. */
  breaks: number;
  score: number;
}

export const piecesOf = (o: Outfit): Piece[] => [
  ...(o.base === 'dress' ? [o.dress] : [o.top, o.bottom]).filter((p): p is Piece => p !== null),
  ...o.others.map((x) => x.piece),
];

/** Clashing pairs between two pieces: one for the styles, one for the colours. */
export function clashesBetween(a: Piece, b: Piece): { style: boolean; colour: boolean } {
  return { style: stylesClash(a.style, b.style), colour: coloursClash(a.colour, b.colour) };
}

/** The value of an outfit: completeness, rule breaks and total score. */
export function valueOf(problem: OutfitProblem, o: Outfit): OutfitValue {
  const pieces = piecesOf(o);
  let breaks = 0;
  pieces.forEach((a, i) => {
    for (const b of pieces.slice(i + 1)) {
      const c = clashesBetween(a, b);
      breaks += Number(c.style) + Number(c.colour);
    }
  });
  const base = baseValue(o.base, o.top, o.bottom, o.dress);
  return {
    complete: base.complete,
    breaks,
    score: base.score + o.others.reduce((sum, x) => sum + x.piece.score, 0),
  };
}

function baseValue(
  base: 'pair' | 'dress',
  top: Piece | null,
  bottom: Piece | null,
  dress: Piece | null,
): { complete: boolean; score: number } {
  if (base === 'dress') return { complete: dress !== null, score: dress?.score ?? 0 };
  if (top && bottom) return { complete: true, score: (top.score + bottom.score) / 2 };
  // A pair is only short of a part the closet does not have (the search never leaves out a part it has).
  return { complete: false, score: top?.score ?? bottom?.score ?? 0 };
}

/** Whether `a` is a better outfit value than `b`. */
export function better(a: OutfitValue, b: OutfitValue | null): boolean {
  if (!b) return true;
  if (a.complete !== b.complete) return a.complete;
  if (a.breaks !== b.breaks) return a.breaks < b.breaks;
  return a.score > b.score;
}

/** The best piece of each (style, colour) class: breaks depend only on the class, so nothing better is lost. */
function representatives(options: readonly Piece[]): Piece[] {
  const seen = new Set<string>();
  const out: Piece[] = [];
  for (const p of options) {
    const key = `${p.style}|${p.colour}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

/** Colour plans of a rule-abiding outfit: no accent, one accent family (tone on tone), or one multi piece. */
type ColourPlan = { accent: ColourFamily | null; multiIn: string | null };

/**
 * The best outfit (see the file comment). First an exact search among outfits that break no rule: for each set of
 * styles that all go together and each colour plan, every slot independently takes its best piece within them.
 * Only when no complete rule-abiding outfit exists, a branch-and-bound search over each slot's best
 * `FALLBACK_WIDTH` classes finds the outfit with the fewest breaks (exact on closets with that few classes).
 */
export function searchOutfit<S extends string>(problem: OutfitProblem<S>): Outfit<S> | null {
  const reduced: OutfitProblem<S> = {
    tops: representatives(problem.tops),
    bottoms: representatives(problem.bottoms),
    dresses: representatives(problem.dresses),
    others: problem.others.map((s) => ({ slot: s.slot, options: representatives(s.options) })),
  };
  const clean = searchClean(reduced);
  if (clean?.value.complete) return clean.outfit;
  return searchFewestBreaks(reduced) ?? clean?.outfit ?? null;
}

function searchClean<S extends string>(
  problem: OutfitProblem<S>,
): { outfit: Outfit<S>; value: OutfitValue } | null {
  // Only plans the closet can use: the accents it has, a print only in a slot that has one.
  const units: [string, readonly Piece[]][] = [
    ['TOP', problem.tops],
    ['BOTTOM', problem.bottoms],
    ['DRESS', problem.dresses],
    ...problem.others.map((s): [string, readonly Piece[]] => [s.slot, s.options]),
  ];
  const accents = new Set<ColourFamily>();
  const multiSlots = new Set<string>();
  for (const [slot, options] of units)
    for (const p of options) {
      if (p.colour === 'multi') multiSlots.add(slot);
      else if (isAccent(p.colour)) accents.add(p.colour);
    }
  const plans: ColourPlan[] = [
    { accent: null, multiIn: null },
    ...ACCENT_COLOURS.filter((a) => accents.has(a)).map((accent) => ({ accent, multiIn: null })),
    ...[...multiSlots].map((multiIn) => ({ accent: null, multiIn })),
  ];
  // Likewise only the style groups that differ in what they allow of the styles the closet has: a group allowing
  // a subset of what another allows can never do better.
  const styles = new Set(units.flatMap(([, options]) => options.map((p) => p.style)));
  const allows = STYLE_GROUPS.map((group) => ({ group, allowed: group.filter((s) => styles.has(s)) }));
  const groups = allows
    .filter(
      (a, i) =>
        !allows.some(
          (b, j) =>
            j !== i &&
            a.allowed.every((s) => b.allowed.includes(s)) &&
            (b.allowed.length > a.allowed.length || j < i),
        ),
    )
    .map((a) => a.group);

  let best: { outfit: Outfit<S>; value: OutfitValue } | null = null;
  for (const group of groups) {
    for (const plan of plans) {
      const allowed = (slot: string) => (p: Piece) =>
        (p.style === null || group.includes(p.style)) &&
        (!isAccent(p.colour) || (p.colour === 'multi' ? plan.multiIn === slot : p.colour === plan.accent));
      const pick = (slot: string, options: readonly Piece[]) => options.find(allowed(slot)) ?? null;
      const others: { slot: S; piece: Piece }[] = [];
      let filled = true;
      for (const s of problem.others) {
        if (s.options.length === 0) continue;
        const piece = pick(s.slot, s.options);
        if (!piece) {
          filled = false;
          break;
        }
        others.push({ slot: s.slot, piece });
      }
      if (!filled) continue;
      const othersScore = others.reduce((sum, x) => sum + x.piece.score, 0);
      for (const base of baseChoices(problem, pick)) {
        const { complete, score } = baseValue(base.base, base.top, base.bottom, base.dress);
        const value: OutfitValue = { complete, breaks: 0, score: score + othersScore };
        if (better(value, best?.value ?? null)) best = { outfit: { ...base, others }, value };
      }
    }
  }
  return best;
}

/** The base choices (pair, dress) a slot picker allows; a pair never leaves out a part the closet has. */
function baseChoices(
  problem: OutfitProblem,
  pick: (slot: string, options: readonly Piece[]) => Piece | null,
): Omit<Outfit, 'others'>[] {
  const choices: Omit<Outfit, 'others'>[] = [];
  if (!problem.tops.length && !problem.bottoms.length && !problem.dresses.length)
    choices.push({ base: 'pair', top: null, bottom: null, dress: null });
  if (problem.tops.length || problem.bottoms.length) {
    const top = problem.tops.length ? pick('TOP', problem.tops) : null;
    const bottom = problem.bottoms.length ? pick('BOTTOM', problem.bottoms) : null;
    if ((top || !problem.tops.length) && (bottom || !problem.bottoms.length))
      choices.push({ base: 'pair', top, bottom, dress: null });
  }
  if (problem.dresses.length) {
    const dress = pick('DRESS', problem.dresses);
    if (dress) choices.push({ base: 'dress', top: null, bottom: null, dress });
  }
  return choices;
}

/** Classes per slot the fallback search tries. */
export const FALLBACK_WIDTH = 6;

function searchFewestBreaks<S extends string>(problem: OutfitProblem<S>): Outfit<S> | null {
  const cap = (options: readonly Piece[]) => options.slice(0, FALLBACK_WIDTH);
  const bases: { base: 'pair' | 'dress'; top: Piece | null; bottom: Piece | null; dress: Piece | null }[] =
    [];
  if (problem.tops.length || problem.bottoms.length) {
    const tops = problem.tops.length ? cap(problem.tops) : [null];
    const bottoms = problem.bottoms.length ? cap(problem.bottoms) : [null];
    for (const top of tops)
      for (const bottom of bottoms) bases.push({ base: 'pair', top, bottom, dress: null });
  }
  for (const dress of cap(problem.dresses)) bases.push({ base: 'dress', top: null, bottom: null, dress });
  if (bases.length === 0 && problem.others.every((s) => s.options.length === 0)) return null;
  if (bases.length === 0) bases.push({ base: 'pair', top: null, bottom: null, dress: null });

  const slots = problem.others
    .filter((s) => s.options.length > 0)
    .map((s) => ({ slot: s.slot, options: cap(s.options) }));
  // Best score still reachable from slot i on: the bound that prunes branches.
  const reachable = slots.map((_, i) =>
    slots.slice(i).reduce((sum, s) => sum + (s.options[0]?.score ?? 0), 0),
  );
  reachable.push(0);

  let best: { outfit: Outfit<S>; value: OutfitValue } | null = null;
  const chosen: { slot: S; piece: Piece }[] = [];
  const visit = (
    base: (typeof bases)[number],
    basePieces: Piece[],
    i: number,
    breaks: number,
    score: number,
    complete: boolean,
  ) => {
    if (best && !better({ complete, breaks, score: score + (reachable[i] ?? 0) }, best.value)) return;
    const next = slots[i];
    if (!next) {
      best = { outfit: { ...base, others: [...chosen] }, value: { complete, breaks, score } };
      return;
    }
    const { slot, options } = next;
    for (const piece of options) {
      let extra = 0;
      for (const other of [...basePieces, ...chosen.map((c) => c.piece)]) {
        const c = clashesBetween(piece, other);
        extra += Number(c.style) + Number(c.colour);
      }
      chosen.push({ slot, piece });
      visit(base, basePieces, i + 1, breaks + extra, score + piece.score, complete);
      chosen.pop();
    }
  };
  for (const base of bases) {
    const basePieces = [base.top, base.bottom, base.dress].filter((p): p is Piece => p !== null);
    const { complete, score } = baseValue(base.base, base.top, base.bottom, base.dress);
    let breaks = 0;
    if (base.top && base.bottom) {
      const c = clashesBetween(base.top, base.bottom);
      breaks = Number(c.style) + Number(c.colour);
    }
    visit(base, basePieces, 0, breaks, score, complete);
  }
  return (best as { outfit: Outfit<S> } | null)?.outfit ?? null;
}
