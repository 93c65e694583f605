import { describe, expect, it } from 'vitest';
import { BANDS, bandOf, planOutfit, type PlanConditions } from './bands.js';

const day = (temperature: number, extra: Partial<PlanConditions> = {}): PlanConditions => ({
  temperature,
  minTemperature: temperature - 3,
  dailyRange: 6,
  wet: false,
  windSpeed: 1,
  clearSky: false,
  ...extra,
});

describe('temperature bands', () => {
  it.each([
    [35, 0, '28°C 이상'],
    [28, 0, '28°C 이상'],
    [27.4, 1, '23~27°C'],
    [27.5, 0, '28°C 이상'], // whole degrees, as the user sees them
    [23, 1, '23~27°C'],
    [22, 2, '20~22°C'],
    [20, 2, '20~22°C'],
    [19, 3, '17~19°C'],
    [17, 3, '17~19°C'],
    [16, 4, '12~16°C'],
    [12, 4, '12~16°C'],
    [11, 5, '9~11°C'],
    [9, 5, '9~11°C'],
    [8, 6, '5~8°C'],
    [5, 6, '5~8°C'],
    [4, 7, '4°C 이하'],
    [-15, 7, '4°C 이하'],
  ])('%s °C is band %s (%s)', (t, index, label) => {
    expect(bandOf(t)).toBe(index);
    expect(BANDS[index]!.label).toBe(label);
  });
});

describe('outfit plan', () => {
  it('needs an outer from 12–16 °C down, offers a thin one at 17–22 °C, none above', () => {
    expect(planOutfit(day(30)).outer).toBe('none');
    expect(planOutfit(day(25)).outer).toBe('none');
    expect(planOutfit(day(21)).outer).toBe('offered');
    expect(planOutfit(day(18)).outer).toBe('offered');
    for (const t of [15, 10, 6, 0, -10])
      expect(planOutfit(day(t))).toMatchObject({ outer: 'required', outerBecause: 'cold' });
  });

  it('needs an outer for the cool hours when the daily range is 8 °C or more, matched to a colder band', () => {
    expect(planOutfit(day(25, { dailyRange: 7.9 })).outer).toBe('none');
    const plan = planOutfit(day(25, { dailyRange: 9, minTemperature: 17 }));
    expect(plan).toMatchObject({ outer: 'required', outerBecause: 'range', band: 1, outerBand: 3 });
    // At least one band colder, at most two.
    expect(planOutfit(day(25, { dailyRange: 8, minTemperature: 24 })).outerBand).toBe(2);
    expect(planOutfit(day(25, { dailyRange: 15, minTemperature: 5 })).outerBand).toBe(3);
    // Already needed for the cold: the range changes nothing.
    expect(planOutfit(day(10, { dailyRange: 12, minTemperature: 0 }))).toMatchObject({
      outerBecause: 'cold',
      outerBand: 5,
    });
  });

  it('adds warm hat, scarf, gloves at 4 °C and below, a scarf in the wind at 5–8 °C, thermals from 8 °C down', () => {
    expect(planOutfit(day(2))).toMatchObject({ warmHat: true, warmScarf: true, gloves: true, thermal: true });
    expect(planOutfit(day(7))).toMatchObject({
      warmHat: false,
      warmScarf: false,
      gloves: false,
      thermal: true,
    });
    expect(planOutfit(day(7, { windSpeed: 6 }))).toMatchObject({ warmScarf: true });
    expect(planOutfit(day(12))).toMatchObject({ warmScarf: false, thermal: false });
  });

  it('adds socks except in the heat, sun items on clear hot dry days, an umbrella and a rain outer when wet', () => {
    expect(planOutfit(day(30)).socks).toBe(false);
    expect(planOutfit(day(25)).socks).toBe(true);
    expect(planOutfit(day(30, { clearSky: true })).sunItems).toBe(true);
    expect(planOutfit(day(30, { clearSky: false })).sunItems).toBe(false);
    expect(planOutfit(day(30, { clearSky: true, wet: true })).sunItems).toBe(false);
    expect(planOutfit(day(20, { clearSky: true })).sunItems).toBe(false);
    expect(planOutfit(day(25, { wet: true }))).toMatchObject({ umbrella: true, rainOuter: true });
    expect(planOutfit(day(5, { wet: true }))).toMatchObject({
      umbrella: true,
      rainOuter: false,
      outer: 'required',
    });
  });
});
