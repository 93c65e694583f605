import type { ClothesType } from '@otboo/contract';
import type { OutfitPlan } from './bands.js';
import type { Chosen } from './choose-outfit.js';
import { materialRuleBroken, type MaterialDay, type MaterialRule } from './look.js';
import { clashesBetween } from './outfit-search.js';
import type { Candidate, Slot } from './slots.js';

export type MissingSlot = 'TOP' | 'BOTTOM' | 'OUTER' | 'SHOES';
export interface Missing {
  slot: MissingSlot;
  /** `none`: the closet has no garment of the kind; `unsuitable`: none fits the weather. */
  why: 'none' | 'unsuitable';
}

/** A rule an outfit breaks because the closet had nothing better: a clash between pieces, or a material rule. */
export type Compromise = 'style' | 'colour' | MaterialRule;

/** Slots whose pieces are seen together, so their styles and colours must go together. */
const VISIBLE: readonly Slot[] = ['OUTER', 'TOP', 'BOTTOM', 'DRESS', 'SHOES', 'HAT', 'SCARF', 'GLOVES'];

/** The main pieces the outfit lacks, and whether the closet has none of the kind or none for this weather. */
export function missingOf(
  chosen: readonly Chosen[],
  plan: OutfitPlan,
  ofType: (type: ClothesType) => readonly Candidate[],
): Missing[] {
  const missing: Missing[] = [];
  const has = (slot: Slot) => chosen.some((c) => c.slot === slot);
  const why = (type: ClothesType) => (ofType(type).length ? 'unsuitable' : 'none');
  if (!has('DRESS')) {
    if (!has('TOP')) missing.push({ slot: 'TOP', why: why('TOP') });
    if (!has('BOTTOM')) missing.push({ slot: 'BOTTOM', why: why('BOTTOM') });
  }
  if (plan.outer === 'required' && !has('OUTER')) missing.push({ slot: 'OUTER', why: why('OUTER') });
  if (!has('SHOES') && ofType('SHOES').length) missing.push({ slot: 'SHOES', why: 'unsuitable' });
  return missing;
}

/**
 * What the outfit gives up because the closet had nothing better, by garment id: the first clash of style or
 * colour a visible piece takes part in, overridden by a material rule it breaks.
 */
export function compromisesOf(chosen: readonly Chosen[], materialDay: MaterialDay): Map<string, Compromise> {
  const compromiseOf = new Map<string, Compromise>();
  const seen = chosen.filter((c) => VISIBLE.includes(c.slot));
  seen.forEach((a, i) => {
    for (const b of seen.slice(i + 1)) {
      const clash = clashesBetween(a.option, b.option);
      const rule: Compromise | null = clash.style ? 'style' : clash.colour ? 'colour' : null;
      if (rule)
        for (const c of [a, b]) if (!compromiseOf.has(c.option.id)) compromiseOf.set(c.option.id, rule);
    }
  });
  for (const c of chosen) {
    const rule = materialRuleBroken(c.option.candidate.profile, c.slot, materialDay);
    if (rule) compromiseOf.set(c.option.id, rule);
  }
  return compromiseOf;
}
