import type { GarmentProfile } from './garment-profile.js';
import type { ColourFamily, StyleFamily } from './look.js';

/** A garment the user wore in an OOTD post, with the apparent temperature of that post's weather. */
export interface WearRecord {
  clothesId: string;
  wornAt: Date;
  apparent: number;
}

/** Wears in weather within this many °C (apparent) count as "similar weather". */
export const SIMILAR_WEATHER_DEGREES = 3;
/** Worn within this many hours of the day: give it a rest. */
export const RECENT_HOURS = 72;

/** What the user's own history says about their taste for one day (docs/recommendations.md §5). */
export interface Taste {
  /** Wears of each garment in similar weather. */
  similar: Map<string, number>;
  /** Garments worn within RECENT_HOURS of the day. */
  recent: Set<string>;
  /** Share of similar-weather wears in each style family, among wears whose style is known. */
  styleShare: Map<StyleFamily, number>;
  /** Share of similar-weather wears in each colour family, among wears whose colour is known. */
  colourShare: Map<ColourFamily, number>;
}

/** Wears a share is shrunk towards zero by, so one wear does not make a habit. */
const SHARE_PRIOR = 2;

function shares<K>(counts: Map<K, number>, total: number): Map<K, number> {
  const out = new Map<K, number>();
  for (const [k, n] of counts) out.set(k, n / (total + SHARE_PRIOR));
  return out;
}

/**
 * Reads the history for a day of apparent temperature `apparent` at `dayMs`: wears in similar weather count for a
 * garment and for its style and colour families (`profileOf` gives the profile of a garment still in the closet),
 * wears in the last three days against the garment.
 */
export function readTaste(
  history: readonly WearRecord[],
  apparent: number,
  dayMs: number,
  profileOf: (id: string) => GarmentProfile | undefined,
): Taste {
  const similar = new Map<string, number>();
  const recent = new Set<string>();
  const styles = new Map<StyleFamily, number>();
  const colours = new Map<ColourFamily, number>();
  let styled = 0;
  let coloured = 0;
  for (const w of history) {
    if (Math.abs(dayMs - w.wornAt.getTime()) < RECENT_HOURS * 3_600_000) recent.add(w.clothesId);
    if (Math.abs(w.apparent - apparent) > SIMILAR_WEATHER_DEGREES) continue;
    similar.set(w.clothesId, (similar.get(w.clothesId) ?? 0) + 1);
    const p = profileOf(w.clothesId);
    if (p?.style) {
      styles.set(p.style, (styles.get(p.style) ?? 0) + 1);
      styled++;
    }
    if (p?.colour) {
      colours.set(p.colour, (colours.get(p.colour) ?? 0) + 1);
      coloured++;
    }
  }
  return { similar, recent, styleShare: shares(styles, styled), colourShare: shares(colours, coloured) };
}
