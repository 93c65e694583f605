import { describe, expect, it } from 'vitest';
import type { DayAhead, Dresser, DressOptions, Slot } from '../recommendations/index.js';
import { packTrip, SHOES_MAX, topsMax } from './pack.js';

/**
 * A dresser that ignores every preference and takes a piece not worn yet whenever `only` allows one: the worst case
 * for the bag, so the caps must come from packTrip itself.
 */
function greedyDresser(pieces: Record<string, Slot>, rainGear: string[], away: Record<string, string> = {}) {
  const worn = new Set<string>();
  const slotOf = (id: string) => pieces[id] ?? null;
  const dresser: Dresser = {
    garments: Object.keys(pieces).map((id) => ({ id })) as unknown as Dresser['garments'],
    slotOf,
    isRainGear: (id) => rainGear.includes(id),
    availableOn: (id, date) => !(away[id] && date <= away[id]),
    dress(day: DayAhead, { only }: DressOptions = {}) {
      const wet = day.weather.precipitationProbability >= 60;
      const pool = Object.keys(pieces).filter(
        (id) => (!only || only.has(id)) && dresser.availableOn(id, day.date),
      );
      const pick = (slot: Slot, test: (id: string) => boolean = () => true) => {
        const of = pool.filter((id) => slotOf(id) === slot && test(id));
        const fresh = of.find((id) => !worn.has(id)) ?? of[0];
        return fresh ? [{ id: fresh, slot }] : [];
      };
      const picks = [
        ...pick('TOP'),
        ...pick('BOTTOM'),
        ...(wet ? pick('SHOES', (id) => rainGear.includes(id)) : []),
        ...(wet ? pick('UMBRELLA') : []),
      ];
      if (!picks.some((p) => p.slot === 'SHOES')) picks.push(...pick('SHOES'));
      for (const p of picks) worn.add(p.id);
      return { clothes: [], picks, personalTemperature: 15, reason: '' };
    },
  };
  return dresser;
}

const closet = (): Record<string, Slot> => {
  const out: Record<string, Slot> = {};
  for (let i = 0; i < 20; i++) out[`top${i}`] = 'TOP';
  for (let i = 0; i < 6; i++) out[`shoes${i}`] = 'SHOES';
  for (let i = 0; i < 3; i++) out[`bottom${i}`] = 'BOTTOM';
  out.boots = 'SHOES';
  out.umbrella = 'UMBRELLA';
  return out;
};

const days = (n: number, wet: number[] = []): DayAhead[] =>
  Array.from({ length: n }, (_, i) => {
    const date = `2026-12-${String(i + 1).padStart(2, '0')}`;
    return {
      date,
      dayAt: new Date(`${date}T03:00:00Z`),
      weather: {
        temperature: 15,
        min: 10,
        max: 20,
        humidity: 50,
        windSpeed: 2,
        precipitationType: wet.includes(i) ? 'RAIN' : 'NONE',
        precipitationProbability: wet.includes(i) ? 90 : 0,
        skyStatus: 'CLEAR',
        month: 12,
      },
    };
  });

const ofSlot = (dresser: Dresser, ids: string[], slot: Slot) =>
  ids.filter((id) => dresser.slotOf(id) === slot);

describe('packTrip', () => {
  it('packs at most ⌈n/2⌉+1 tops and 2 pairs of shoes whatever the dresser would take', () => {
    for (let n = 1; n <= 14; n++) {
      const dresser = greedyDresser(closet(), ['boots', 'umbrella']);
      const { items, days: dressed } = packTrip(dresser, days(n, [1, 5]));
      const ids = items.map((i) => i.clothesId);
      expect(ofSlot(dresser, ids, 'TOP').length, `n=${n}`).toBeLessThanOrEqual(topsMax(n));
      expect(ofSlot(dresser, ids, 'SHOES').length, `n=${n}`).toBeLessThanOrEqual(SHOES_MAX);
      expect(dressed.every((d) => d.clothesIds.some((id) => dresser.slotOf(id) === 'TOP'))).toBe(true);
      for (const item of items)
        expect(item.days).toBe(dressed.filter((d) => d.clothesIds.includes(item.clothesId)).length);
    }
    expect(topsMax(1)).toBe(2);
    expect(topsMax(5)).toBe(4);
    expect(topsMax(14)).toBe(8);
  });

  it('packs rain gear for wet days only', () => {
    const dry = greedyDresser(closet(), ['boots', 'umbrella']);
    const dryIds = packTrip(dry, days(4)).items.map((i) => i.clothesId);
    expect(dryIds).not.toContain('boots');
    expect(dryIds).not.toContain('umbrella');
    const wet = greedyDresser(closet(), ['boots', 'umbrella']);
    const packed = packTrip(wet, days(4, [2]));
    expect(packed.days[2]!.clothesIds).toEqual(expect.arrayContaining(['boots', 'umbrella']));
    expect(packed.days[0]!.clothesIds).not.toContain('umbrella');
  });

  it('wears rain gear on a dry day only when nothing else would do', () => {
    const pieces: Record<string, Slot> = { top: 'TOP', bottom: 'BOTTOM', boots: 'SHOES' };
    const packed = packTrip(greedyDresser(pieces, ['boots']), days(2));
    expect(packed.days[0]!.clothesIds).toContain('boots');
  });

  it('leaves home a piece away on any day of the trip', () => {
    const pieces: Record<string, Slot> = { a: 'TOP', b: 'TOP', bottom: 'BOTTOM' };
    const packed = packTrip(greedyDresser(pieces, [], { a: '2026-12-02' }), days(4));
    expect(packed.items.map((i) => i.clothesId)).not.toContain('a');
  });
});
