import { ko } from '@otboo/contract';

/** Math.round without a '-0' for small negatives. */
const roundWhole = (value: number) => Math.round(value) || 0;

/** '18°' — temperatures are shown rounded with a degree sign (docs/product.md §2). */
export function formatTemperature(celsius: number): string {
  return `${roundWhole(celsius)}°`;
}

/** '어제보다 +3' / '어제보다 -2'; a difference that rounds to nothing reads '어제와 같아요'. */
export function formatComparison(difference: number): string {
  const rounded = roundWhole(difference);
  if (rounded === 0) return ko.weather.sameAsYesterday;
  return ko.weather.comparedToYesterday(rounded > 0 ? `+${rounded}` : `${rounded}`);
}

/** One decimal at most: 2.5, 3 (never 3.0 or 2.4999999). */
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10 || 0);

/** '2.5m/s' */
export function formatWindSpeed(speed: number): string {
  return `${oneDecimal(speed)}m/s`;
}

/** '1.2mm' */
export function formatPrecipitationAmount(mm: number): string {
  return `${oneDecimal(mm)}mm`;
}

/** '60%' */
export function formatPercent(value: number): string {
  return `${roundWhole(value)}%`;
}
