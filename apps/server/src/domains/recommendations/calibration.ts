import { CALIBRATION_MAX_SHIFT, type Feeling } from '@otboo/contract';

/**
 * The learned temperature shift (docs/recommendations.md §7): CALIBRATION_MAX_SHIFT °C times an exponentially
 * weighted mean of the answers (추웠어요 −1, 적당했어요 0, 더웠어요 +1), oldest day first, each new day weighing
 * CALIBRATION_WEIGHT. One COLD gives −1 °C, three −2.4 °C; 적당했어요 takes a fifth of the way back to 0; the mean
 * never leaves [−1, 1], so the shift never leaves ±5 °C.
 */

/** How much the newest answer weighs in the mean. */
export const CALIBRATION_WEIGHT = 0.2;
/**
 * Answers read when the shift is recomputed: older ones weigh (1 − 0.2)^40 < 0.0002 together, less than the
 * 0.1 °C the shift is rounded to, so the work stays bounded however long someone keeps answering.
 */
export const CALIBRATION_ANSWERS_READ = 40;

const VALUE: Record<Feeling, number> = { COLD: -1, JUST_RIGHT: 0, HOT: 1 };

/** The shift (°C, one decimal; negative dresses warmer) taught by `feelings`, oldest day first. */
export function calibrationShift(feelings: readonly Feeling[]): number {
  let mean = 0;
  for (const f of feelings) mean += CALIBRATION_WEIGHT * (VALUE[f] - mean);
  // + 0 turns -0 into 0.
  return Math.round(mean * CALIBRATION_MAX_SHIFT * 10) / 10 + 0;
}
