import { describe, expect, it } from 'vitest';
import type { Feeling } from '@otboo/contract';
import { CALIBRATION_ANSWERS_READ, calibrationShift } from './calibration.js';

const times = (feeling: Feeling, n: number): Feeling[] => Array.from({ length: n }, () => feeling);

describe('calibrationShift', () => {
  it('is 0 with no answers and with only 적당했어요', () => {
    expect(calibrationShift([])).toBe(0);
    expect(Object.is(calibrationShift(times('JUST_RIGHT', 5)), 0)).toBe(true);
  });

  it('moves down for 추웠어요 and up for 더웠어요: three answers by at least 1.5 °C', () => {
    expect(calibrationShift(['COLD'])).toBe(-1);
    expect(calibrationShift(times('COLD', 3))).toBe(-2.4);
    expect(calibrationShift(times('HOT', 3))).toBe(2.4);
  });

  it('moves towards 0 with 적당했어요', () => {
    const cold = calibrationShift(times('COLD', 3));
    const after = calibrationShift([...times('COLD', 3), 'JUST_RIGHT']);
    expect(after).toBeGreaterThan(cold);
    expect(after).toBeLessThan(0);
  });

  it('stays within ±5 °C however many answers', () => {
    expect(calibrationShift(times('COLD', 500))).toBe(-5);
    expect(calibrationShift(times('HOT', 500))).toBe(5);
    expect(calibrationShift(times('COLD', 500))).toBeGreaterThanOrEqual(-5);
  });

  it('gives the newest days more weight', () => {
    expect(calibrationShift(['HOT', 'COLD'])).toBeLessThan(0);
    expect(calibrationShift(['COLD', 'HOT'])).toBeGreaterThan(0);
  });

  it('reads enough answers that older ones no longer show in the rounded shift', () => {
    const recent = times('COLD', CALIBRATION_ANSWERS_READ);
    expect(calibrationShift([...times('HOT', 1000), ...recent])).toBe(calibrationShift(recent));
  });
});
