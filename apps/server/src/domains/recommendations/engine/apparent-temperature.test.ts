import { describe, expect, it } from 'vitest';
import {
  apparentTemperature,
  personalTemperature,
  summerApparent,
  wetBulbStull,
  windChill,
} from './apparent-temperature.js';

describe('KMA winter apparent temperature (wind chill)', () => {
  // Published figures: KMA's 체감온도 table uses the JAG/TI formula, the same as Environment Canada's table.
  it.each([
    // [air °C, wind km/h, published °C]
    [0, 18, -4.9], // 0 °C at 5 m/s: the brief's example, computed −4.94
    [-10, 20, -17.9], // Environment Canada table: −18 (rounded)
    [-20, 30, -32.6], // Environment Canada table: −33 (rounded)
    [5, 10, 2.7], // Environment Canada table: 3 (rounded)
  ])('%s °C at %s km/h feels like %s °C', (t, v, expected) => {
    expect(windChill(t, v)).toBeCloseTo(expected, 1);
  });

  it('applies from October to April at 10 °C or below with wind of at least 4.8 km/h', () => {
    expect(apparentTemperature({ temperature: 0, windSpeed: 5, humidity: 50, month: 1 })).toEqual({
      value: expect.closeTo(-4.94, 2),
      formula: 'wind-chill',
    });
    expect(apparentTemperature({ temperature: 0, windSpeed: 5, humidity: 50, month: 10 }).formula).toBe(
      'wind-chill',
    );
    // Calm: 4.8 km/h is 1.333 m/s.
    expect(apparentTemperature({ temperature: 0, windSpeed: 1.3, humidity: 50, month: 1 })).toEqual({
      value: 0,
      formula: 'none',
    });
    expect(apparentTemperature({ temperature: 0, windSpeed: 1.34, humidity: 50, month: 1 }).formula).toBe(
      'wind-chill',
    );
    // Too warm for the formula.
    expect(apparentTemperature({ temperature: 10.5, windSpeed: 8, humidity: 50, month: 4 })).toEqual({
      value: 10.5,
      formula: 'none',
    });
    expect(apparentTemperature({ temperature: 10, windSpeed: 8, humidity: 50, month: 4 }).formula).toBe(
      'wind-chill',
    );
  });

  it('feels colder the stronger the wind (about 2 °C per 1 m/s below zero, as KMA says)', () => {
    const at = (ms: number) =>
      apparentTemperature({ temperature: -5, windSpeed: ms, humidity: 50, month: 12 }).value;
    expect(at(3)).toBeGreaterThan(at(6));
    expect(at(6)).toBeGreaterThan(at(12));
    expect(at(3) - at(4)).toBeGreaterThan(0.8);
  });
});

describe('KMA summer apparent temperature (Stull wet-bulb)', () => {
  it("computes the wet-bulb temperature with Stull's fit (20 °C, 50 % → 13.7 °C, his paper's check value)", () => {
    expect(wetBulbStull(20, 50)).toBeCloseTo(13.7, 1);
  });

  // Published by KMA (2023, via Yonhap): the formula equals the air temperature at 55 % humidity; 35 °C at 30 %
  // humidity feels like 32 °C. (The same article's 36.2 °C at 80 % does not match the formula, which gives 37.2.)
  it.each([
    [35, 30, 32.0],
    [35, 55, 35.0],
    [33, 55, 33.0],
    [30, 55, 30.0],
  ])('%s °C at %s %% humidity feels like %s °C', (t, rh, expected) => {
    expect(summerApparent(t, rh)).toBeCloseTo(expected, 1);
  });

  it('rises about 1 °C per 10 % humidity around 50 %, as KMA describes it', () => {
    const d = summerApparent(33, 60) - summerApparent(33, 50);
    expect(d).toBeGreaterThan(0.7);
    expect(d).toBeLessThan(1.3);
  });

  it('applies from May to September whatever the wind, and clamps humidity to the fit range', () => {
    expect(apparentTemperature({ temperature: 30, windSpeed: 10, humidity: 55, month: 7 })).toEqual({
      value: expect.closeTo(30, 1),
      formula: 'summer',
    });
    expect(apparentTemperature({ temperature: 30, windSpeed: 0, humidity: 100, month: 5 }).value).toBeCloseTo(
      summerApparent(30, 99),
      6,
    );
    expect(apparentTemperature({ temperature: 30, windSpeed: 0, humidity: 0, month: 9 }).value).toBeCloseTo(
      summerApparent(30, 5),
      6,
    );
  });
});

describe('temperature sensitivity', () => {
  it('moves the temperature by 1 °C per unit around the neutral 2.5', () => {
    expect(personalTemperature(10, 2.5)).toBe(10);
    expect(personalTemperature(10, 0)).toBe(7.5); // feels cold easily: dress as for 7.5 °C
    expect(personalTemperature(10, 5)).toBe(12.5); // feels hot easily
    expect(personalTemperature(10, 3.7)).toBeCloseTo(11.2, 6);
  });

  it('clamps out-of-range values and treats a missing value as neutral', () => {
    expect(personalTemperature(10, -3)).toBe(7.5);
    expect(personalTemperature(10, 99)).toBe(12.5);
    expect(personalTemperature(10, Number.NaN)).toBe(10);
  });
});
