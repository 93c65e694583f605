import type { ClothesType } from '@otboo/contract';
import type { OutfitPlan } from './bands.js';
import { EXACT, MAIN, NEAR, scarfCandidates } from './candidates.js';
import type { DayTraits } from './conditions.js';
import type { AccessoryRole } from './keywords.js';
import { searchOutfit } from './outfit-search.js';
import type { Option, RankedOptions } from './ranking.js';
import { fitOf, weatherScore, type TasteScore } from './scoring.js';
import { slotOf, type Candidate, type Slot } from './slots.js';

/** A piece of the outfit in its slot. */
export interface Chosen {
  slot: Slot;
  option: Option;
}

export interface ChoiceInput {
  plan: OutfitPlan;
  day: DayTraits;
  closet: readonly Candidate[];
  /** The closet's garments of a type. */
  ofType: (type: ClothesType) => readonly Candidate[];
  /** Pieces the outfit must hold (RecommendInput.keep). */
  keep: readonly Candidate[];
  optionsFor: RankedOptions;
  tasteScore: TasteScore;
}

/** The pieces the user chose to keep (RecommendInput.keep), and the options of each slot with them in mind. */
interface Kept {
  has(slot: Slot): boolean;
  /** The kept piece alone, else `options()`; none when the base is kept the other way. */
  options(slot: Slot, options: () => Option[]): Option[];
}

const withRole = (role: AccessoryRole) => (c: Candidate) => c.profile.role === role;

/**
 * Chooses the outfit: the visible pieces together (outfit-search.ts), then each piece that is not seen with the
 * rest as the best of its kind when the plan calls for it.
 */
export function chooseOutfit(input: ChoiceInput): Chosen[] {
  const kept = keptPieces(input);
  const chosen = chooseVisible(input, kept);
  addFinishingPieces(input, kept, chosen);
  return chosen;
}

/**
 * Kept pieces are the only option of their slot, whatever the plan and the tolerances say: the user chose them.
 * A dress is never proposed against a kept top or bottom, nor a top or bottom against a kept dress.
 */
function keptPieces({ plan, day, keep, tasteScore }: ChoiceInput): Kept {
  const kept = new Map<Slot, Candidate>();
  for (const c of keep) {
    const slot = slotOf(c);
    if (slot) kept.set(slot, c);
  }
  const keptOption = (slot: Slot, c: Candidate): Option => {
    const p = c.profile;
    const slotBand = slot === 'OUTER' ? plan.outerBand : plan.band;
    const { distance, tooLight } = fitOf(p, slotBand);
    return {
      id: c.id,
      score: weatherScore(c, slotBand, slot, distance, day) + tasteScore(c),
      style: p.style,
      colour: p.colour,
      candidate: c,
      distance,
      tooLight,
    };
  };
  return {
    has: (slot) => kept.has(slot),
    options(slot, options) {
      const k = kept.get(slot);
      if (k) return [keptOption(slot, k)];
      const pairKept = kept.has('TOP') || kept.has('BOTTOM');
      if ((slot === 'DRESS' && pairKept) || ((slot === 'TOP' || slot === 'BOTTOM') && kept.has('DRESS')))
        return [];
      return options();
    },
  };
}

/** The visible pieces, chosen together so that their styles and colours go with each other. */
function chooseVisible({ plan, closet, ofType, optionsFor }: ChoiceInput, kept: Kept): Chosen[] {
  const slotOptions = kept.options;
  const band = plan.band;
  const outers = ofType('OUTER');
  const outerOptions = slotOptions('OUTER', () => {
    if (plan.outer === 'required') return optionsFor(outers, plan.outerBand, 'OUTER', MAIN);
    if (plan.outer === 'offered' || plan.rainOuter)
      // Only an outer that fits well, or a waterproof one on a wet day.
      return optionsFor(outers, plan.outerBand, 'OUTER', NEAR, `${plan.outer}|${plan.rainOuter}`, (c, fit) =>
        fit.distance === 0
          ? plan.outer === 'offered' || c.profile.waterproof
          : plan.rainOuter && c.profile.waterproof && !fit.tooLight,
      );
    return [];
  });
  const hats = slotOptions('HAT', () =>
    plan.warmHat
      ? optionsFor(ofType('HAT'), band, 'HAT', EXACT, 'warm', withRole('warm'))
      : plan.sunItems
        ? optionsFor(ofType('HAT'), band, 'HAT', EXACT, 'sun', withRole('sun'))
        : [],
  );
  const scarves = slotOptions('SCARF', () =>
    plan.warmScarf ? optionsFor(scarfCandidates(closet), band, 'SCARF', EXACT, 'warm', withRole('warm')) : [],
  );
  const gloves = slotOptions('GLOVES', () =>
    plan.gloves ? optionsFor(ofType('ACCESSORY'), band, 'GLOVES', EXACT, 'gloves', withRole('gloves')) : [],
  );
  const outfit = searchOutfit<Slot>({
    tops: slotOptions('TOP', () => optionsFor(ofType('TOP'), band, 'TOP', MAIN)),
    bottoms: slotOptions('BOTTOM', () => optionsFor(ofType('BOTTOM'), band, 'BOTTOM', MAIN)),
    dresses: slotOptions('DRESS', () => optionsFor(ofType('DRESS'), band, 'DRESS', MAIN)),
    others: [
      { slot: 'OUTER', options: outerOptions },
      {
        slot: 'SHOES',
        options: slotOptions('SHOES', () => optionsFor(ofType('SHOES'), band, 'SHOES', MAIN)),
      },
      { slot: 'HAT', options: hats },
      { slot: 'SCARF', options: scarves },
      { slot: 'GLOVES', options: gloves },
    ],
  });

  const chosen: Chosen[] = [];
  if (!outfit) return chosen;
  if (outfit.base === 'dress') chosen.push({ slot: 'DRESS', option: outfit.dress as Option });
  else {
    if (outfit.top) chosen.push({ slot: 'TOP', option: outfit.top as Option });
    if (outfit.bottom) chosen.push({ slot: 'BOTTOM', option: outfit.bottom as Option });
  }
  for (const o of outfit.others) chosen.push({ slot: o.slot, option: o.piece as Option });
  return chosen;
}

/** Pieces that are not seen with the rest: each the best of its kind when the day calls for it, or kept. */
function addFinishingPieces({ plan, ofType, optionsFor }: ChoiceInput, kept: Kept, chosen: Chosen[]): void {
  const band = plan.band;
  const add = (slot: Slot, wanted: boolean, options: () => Option[]) => {
    const [first] = kept.has(slot) ? kept.options(slot, options) : wanted ? options() : [];
    if (first) chosen.push({ slot, option: first });
  };
  const shoes = chosen.find((c) => c.slot === 'SHOES');
  add('SOCKS', plan.socks && shoes?.option.candidate.profile.kind !== 'sandals', () =>
    optionsFor(ofType('SOCKS'), band, 'SOCKS', NEAR),
  );
  add('UMBRELLA', plan.umbrella, () =>
    optionsFor(ofType('ACCESSORY'), band, 'UMBRELLA', EXACT, 'umbrella', withRole('umbrella')),
  );
  add('SUNGLASSES', plan.sunItems, () =>
    optionsFor(ofType('ACCESSORY'), band, 'SUNGLASSES', EXACT, 'sun', withRole('sun')),
  );
  add('THERMAL', plan.thermal, () =>
    optionsFor(ofType('UNDERWEAR'), band, 'THERMAL', EXACT, 'thermal', withRole('thermal')),
  );
}
