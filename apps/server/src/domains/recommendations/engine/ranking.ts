import type { GarmentProfile } from './garment-profile.js';
import { ACCENT_COLOURS, NEUTRAL_COLOURS, STYLES } from './look.js';
import type { Accept, Shortlist, Tolerance } from './candidates.js';
import type { Piece } from './outfit-search.js';
import type { TasteScore } from './scoring.js';
import type { Candidate, Slot } from './slots.js';

/** A candidate for one slot: its search piece (score and look) with how it fits. */
export interface Option extends Piece {
  candidate: Candidate;
  distance: number;
  tooLight: boolean;
}

const STYLE_CODES = new Map<string | null, number>([null, ...STYLES].map((s, i) => [s, i]));
const COLOUR_CODES = new Map<string | null, number>(
  [null, ...NEUTRAL_COLOURS, ...ACCENT_COLOURS].map((c, i) => [c, i]),
);
/** A number for a garment's (style, colour) class: garments of one class are interchangeable to the rules. */
const lookClass = (p: GarmentProfile) =>
  (STYLE_CODES.get(p.style) ?? 0) * 64 + (COLOUR_CODES.get(p.colour) ?? 0);

const byScore = (a: Option, b: Option) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A slot's candidates ranked by weather score plus taste, best first; only the best of each (style, colour)
 * class, which is all the outfit search needs (outfit-search.ts).
 */
export function ranker(shortlist: Shortlist, tasteScore: TasteScore) {
  return (
    candidates: readonly Candidate[],
    band: number,
    slot: Slot,
    tolerance: Tolerance,
    variant = '',
    accept: Accept | null = null,
  ): Option[] => {
    const classes = new Map<number, Option>();
    for (const { candidate: c, weather, distance, tooLight } of shortlist(
      candidates,
      band,
      slot,
      tolerance,
      variant,
      accept,
    )) {
      const { id, profile } = c;
      const score = weather + tasteScore(c);
      const key = lookClass(profile);
      const held = classes.get(key);
      if (held && (held.score > score || (held.score === score && held.id < id))) continue;
      classes.set(key, {
        id,
        score,
        style: profile.style,
        colour: profile.colour,
        candidate: c,
        distance,
        tooLight,
      });
    }
    return [...classes.values()].sort(byScore);
  };
}
export type RankedOptions = ReturnType<typeof ranker>;
