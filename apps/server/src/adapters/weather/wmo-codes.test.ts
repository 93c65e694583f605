import { describe, expect, it } from 'vitest';
import { combinePrecipitation, precipitationOfWmo, skyOfCloudCover, skyOfWmo } from './wmo-codes.js';

describe('WMO weather codes', () => {
  it.each([
    [0, 'CLEAR'],
    [1, 'CLEAR'],
    [2, 'MOSTLY_CLOUDY'],
    [3, 'CLOUDY'],
    [45, 'CLOUDY'],
    [48, 'CLOUDY'],
  ] as const)('code %i → sky %s', (code, sky) => {
    expect(skyOfWmo(code)).toBe(sky);
  });

  it('reads the sky of a precipitation code from the cloud cover, cloudy without one', () => {
    expect(skyOfWmo(61)).toBe('CLOUDY');
    expect(skyOfWmo(80, 40)).toBe('CLEAR');
    expect(skyOfWmo(80, 70)).toBe('MOSTLY_CLOUDY');
    expect(skyOfWmo(63, 100)).toBe('CLOUDY');
  });

  it('uses KMA tenths for cloud cover: 0–5 clear, 6–8 mostly cloudy, 9–10 cloudy', () => {
    expect(skyOfCloudCover(0)).toBe('CLEAR');
    expect(skyOfCloudCover(54)).toBe('CLEAR');
    expect(skyOfCloudCover(56)).toBe('MOSTLY_CLOUDY');
    expect(skyOfCloudCover(84)).toBe('MOSTLY_CLOUDY');
    expect(skyOfCloudCover(86)).toBe('CLOUDY');
  });

  it.each([
    [0, 'NONE'],
    [3, 'NONE'],
    [45, 'NONE'],
    [51, 'RAIN'],
    [55, 'RAIN'],
    [56, 'RAIN'],
    [61, 'RAIN'],
    [65, 'RAIN'],
    [66, 'RAIN'],
    [67, 'RAIN'],
    [71, 'SNOW'],
    [75, 'SNOW'],
    [77, 'SNOW'],
    [80, 'SHOWER'],
    [82, 'SHOWER'],
    [85, 'SNOW'],
    [86, 'SNOW'],
    [95, 'SHOWER'],
    [99, 'SHOWER'],
  ] as const)('code %i → precipitation %s', (code, type) => {
    expect(precipitationOfWmo(code)).toBe(type);
  });

  it('combines the hours of a day: rain and snow together is RAIN_SNOW', () => {
    expect(combinePrecipitation([])).toBe('NONE');
    expect(combinePrecipitation(['NONE', 'NONE'])).toBe('NONE');
    expect(combinePrecipitation(['NONE', 'SNOW'])).toBe('SNOW');
    expect(combinePrecipitation(['RAIN', 'SNOW'])).toBe('RAIN_SNOW');
    expect(combinePrecipitation(['SHOWER', 'SNOW'])).toBe('RAIN_SNOW');
    expect(combinePrecipitation(['RAIN_SNOW'])).toBe('RAIN_SNOW');
    expect(combinePrecipitation(['SHOWER', 'RAIN'])).toBe('RAIN');
    expect(combinePrecipitation(['SHOWER', 'NONE'])).toBe('SHOWER');
  });
});
