// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatComparison,
  formatPercent,
  formatPrecipitationAmount,
  formatTemperature,
  formatWindSpeed,
} from '@/features/weather/utils/weather-format';

describe('formatComparison', () => {
  it("reads '어제보다 +N' and '어제보다 -N' with the rounded difference", () => {
    expect(formatComparison(3)).toBe('어제보다 +3');
    expect(formatComparison(2.6)).toBe('어제보다 +3');
    expect(formatComparison(-2)).toBe('어제보다 -2');
    expect(formatComparison(-1.5)).toBe('어제보다 -1');
    expect(formatComparison(12.4)).toBe('어제보다 +12');
  });

  it('says the day is the same when the difference rounds to zero', () => {
    expect(formatComparison(0)).toBe('어제와 같아요');
    expect(formatComparison(0.4)).toBe('어제와 같아요');
    expect(formatComparison(-0.4)).toBe('어제와 같아요');
  });
});

describe('weather values', () => {
  it('rounds temperatures with a degree sign and no negative zero', () => {
    expect(formatTemperature(17.6)).toBe('18°');
    expect(formatTemperature(-3.4)).toBe('-3°');
    expect(formatTemperature(-0.2)).toBe('0°');
  });

  it('writes wind in m/s, precipitation in mm and percentages whole', () => {
    expect(formatWindSpeed(2.5)).toBe('2.5m/s');
    expect(formatWindSpeed(3)).toBe('3m/s');
    expect(formatWindSpeed(2.449999)).toBe('2.4m/s');
    expect(formatPrecipitationAmount(0)).toBe('0mm');
    expect(formatPrecipitationAmount(1.25)).toBe('1.3mm');
    expect(formatPercent(59.6)).toBe('60%');
  });
});
