import {
  SLOT_ORDER,
  WET_PROBABILITY,
  type DayAhead,
  type Dresser,
  type Slot,
} from '../recommendations/index.js';

/** A trip's day dressed: the ids of its outfit, in outfit order. */
export interface PackedDay {
  date: string;
  clothesIds: string[];
}

export interface PackResult {
  days: PackedDay[];
  /** Every piece of the outfits once, main pieces first, with how many outfits use it. */
  items: { clothesId: string; days: number }[];
}

/** At most this many pairs of shoes in the bag. */
export const SHOES_MAX = 2;
/** At most ⌈n/2⌉ + 1 tops (a dress counts as a top) for n days. */
export const topsMax = (days: number) => Math.ceil(days / 2) + 1;

const isTop = (slot: Slot | null) => slot === 'TOP' || slot === 'DRESS';

/** The engine's own test of a wet day (engine/conditions.ts): any precipitation type, or a likely one. */
export const isWet = (day: DayAhead) =>
  day.weather.precipitationType !== 'NONE' || day.weather.precipitationProbability >= WET_PROBABILITY;

/**
 * Dresses a trip's days in order by the recommendation rules, packing a bag as it goes (docs/product.md, trips):
 * - a piece away (laundry, lent, repair) on any day of the trip is left home (it cannot be packed before leaving);
 * - pieces already in the bag are preferred whenever the day's weather allows them as well as another;
 * - a top is worn two days at most and not two days running while the closet allows, and once the bag holds
 *   ⌈n/2⌉ + 1 tops (dresses count) only bag tops are worn; once it holds 2 pairs of shoes, only those (with a wet
 *   day ahead and rain shoes in the closet, one of the two pairs is kept for them);
 * - rain gear (umbrella, waterproof outer or shoes) is packed for wet days only: a dry day is dressed without it,
 *   unless leaving it out would leave the day without an outer or shoes the closet could give.
 */
export function packTrip(dresser: Dresser, days: readonly DayAhead[]): PackResult {
  const home = new Set(
    dresser.garments.filter((g) => days.some((d) => !dresser.availableOn(g.id, d.date))).map((g) => g.id),
  );
  const pool = dresser.garments
    .filter((g) => !home.has(g.id) && dresser.slotOf(g.id) !== null)
    .map((g) => g.id);
  const dryPool = pool.filter((id) => !dresser.isRainGear(id));
  const tops = topsMax(days.length);
  // A wet day ahead keeps one of the two pairs for rain shoes, when the closet has some to take.
  const rainShoesReserved =
    days.some(isWet) && pool.some((id) => dresser.slotOf(id) === 'SHOES' && dresser.isRainGear(id)) ? 1 : 0;

  const uses = new Map<string, number>();
  const bagOf = (test: (slot: Slot | null) => boolean) =>
    [...uses.keys()].filter((id) => test(dresser.slotOf(id)));
  let yesterdayTops = new Set<string>();
  const out: PackedDay[] = [];

  for (const day of days) {
    const bagTops = bagOf(isTop);
    const bagShoes = bagOf((slot) => slot === 'SHOES');
    const topsFull = bagTops.length >= tops;
    const shoesFull = bagShoes.length >= SHOES_MAX;
    const dryShoesFull =
      bagShoes.filter((id) => !dresser.isRainGear(id)).length >= SHOES_MAX - rainShoesReserved;
    const allowed = (id: string) => {
      const slot = dresser.slotOf(id);
      if (topsFull && isTop(slot)) return uses.has(id);
      if (slot === 'SHOES' && (shoesFull || (dryShoesFull && !dresser.isRainGear(id)))) return uses.has(id);
      return true;
    };
    // Reuse the bag; a top is reused when worn once and not yesterday (tops rotate two days each).
    const prefer = new Set(
      [...uses.keys()].filter(
        (id) => !isTop(dresser.slotOf(id)) || ((uses.get(id) ?? 0) < 2 && !yesterdayTops.has(id)),
      ),
    );
    const options = { prefer, avoid: yesterdayTops };
    const dressFrom = (ids: readonly string[]) =>
      dresser.dress(day, { ...options, only: new Set(ids.filter(allowed)) });

    let outfit = dressFrom(isWet(day) ? pool : dryPool);
    if (!isWet(day) && dryPool.length < pool.length) {
      const covered = (o: typeof outfit) =>
        o.picks.filter((p) => p.slot === 'OUTER' || p.slot === 'SHOES').length;
      const withRainGear = dressFrom(pool);
      if (covered(withRainGear) > covered(outfit)) outfit = withRainGear;
    }

    const ids = outfit.picks.map((p) => p.id);
    for (const id of ids) uses.set(id, (uses.get(id) ?? 0) + 1);
    yesterdayTops = new Set(outfit.picks.filter((p) => isTop(p.slot)).map((p) => p.id));
    out.push({ date: day.date, clothesIds: ids });
  }

  const first = [...uses.keys()];
  const rank = (id: string) => SLOT_ORDER.indexOf(dresser.slotOf(id) ?? 'SOCKS');
  const items = first
    .map((clothesId, i) => ({ clothesId, days: uses.get(clothesId) ?? 0, i }))
    .sort((a, b) => rank(a.clothesId) - rank(b.clothesId) || a.i - b.i)
    .map(({ clothesId, days: n }) => ({ clothesId, days: n }));
  return { days: out, items };
}
