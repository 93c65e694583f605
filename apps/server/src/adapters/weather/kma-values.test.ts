import { describe, expect, it } from 'vitest';
import { kmaNumber, kmaPrecipitationMm, kmaPrecipitationType, kmaSky } from './kma-values.js';

describe('KMA values', () => {
  it.each([
    ['강수없음', 0],
    ['1mm 미만', 0.5],
    ['1.0mm 미만', 0.5],
    ['1.0mm', 1],
    ['6.2mm', 6.2],
    ['29.9mm', 29.9],
    ['30.0~50.0mm', 40],
    ['50.0mm 이상', 50],
    ['0', 0],
    ['-', 0],
  ])('PCP "%s" → %f mm', (text, mm) => {
    expect(kmaPrecipitationMm(text)).toBe(mm);
  });

  it('leaves unreadable or missing PCP values undefined', () => {
    expect(kmaPrecipitationMm('비 많이')).toBeUndefined();
    expect(kmaPrecipitationMm('999.0mm')).toBeUndefined();
    expect(kmaPrecipitationMm(undefined)).toBeUndefined();
  });

  it('treats ±900 and beyond as missing', () => {
    expect(kmaNumber('-999')).toBeUndefined();
    expect(kmaNumber('900')).toBeUndefined();
    expect(kmaNumber('-900')).toBeUndefined();
    expect(kmaNumber('899.9')).toBe(899.9);
    expect(kmaNumber('-12.5')).toBe(-12.5);
    expect(kmaNumber('abc')).toBeUndefined();
    expect(kmaNumber('')).toBeUndefined();
  });

  it('maps SKY 1/3/4 to clear, mostly cloudy and cloudy', () => {
    expect(kmaSky(1)).toBe('CLEAR');
    expect(kmaSky(3)).toBe('MOSTLY_CLOUDY');
    expect(kmaSky(4)).toBe('CLOUDY');
    expect(kmaSky(9)).toBeUndefined();
  });

  it('maps PTY 0–4 to none, rain, rain/snow, snow and shower', () => {
    expect([0, 1, 2, 3, 4].map(kmaPrecipitationType)).toEqual([
      'NONE',
      'RAIN',
      'RAIN_SNOW',
      'SNOW',
      'SHOWER',
    ]);
    expect(kmaPrecipitationType(8)).toBeUndefined();
  });
});
