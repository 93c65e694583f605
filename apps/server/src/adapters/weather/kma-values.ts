import type { PrecipitationType, SkyStatus } from '@otboo/contract';

/**
 * A numeric KMA value, or undefined when it is missing. The service marks missing values with numbers of
 * magnitude 900 and more (e.g. `-999`, `999`, `900`) instead of leaving them out.
 */
export function kmaNumber(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = typeof value === 'number' ? value : String(value).trim();
  if (text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n >= 900 || n <= -900) return undefined;
  return n;
}

/** `1.0mm`, `30.0~50.0mm`, `1mm 미만`, `50.0mm 이상` and `강수없음` as one number per hour. */
const LESS_THAN = /^(\d+(?:\.\d+)?)\s*mm\s*미만$/;
const AT_LEAST = /^(\d+(?:\.\d+)?)\s*mm\s*이상$/;
const RANGE = /^(\d+(?:\.\d+)?)\s*(?:mm)?\s*~\s*(\d+(?:\.\d+)?)\s*mm$/;
const AMOUNT = /^(\d+(?:\.\d+)?)\s*(?:mm)?$/;

/**
 * KMA PCP (1-hour precipitation) in mm. The service publishes classes, not numbers; each class becomes one
 * representative amount: "강수없음" 0, "1mm 미만" half the bound (0.5), a range its midpoint
 * ("30.0~50.0mm" → 40), "50.0mm 이상" its bound, "1.0mm" the amount. Undefined when unreadable.
 */
export function kmaPrecipitationMm(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '강수없음' || text === '-' || text === '') return 0;
  let m = LESS_THAN.exec(text);
  if (m) return Number(m[1]) / 2;
  m = AT_LEAST.exec(text);
  if (m) return Number(m[1]);
  m = RANGE.exec(text);
  if (m) return (Number(m[1]) + Number(m[2])) / 2;
  m = AMOUNT.exec(text);
  if (m) return kmaNumber(m[1]);
  return undefined;
}

/** KMA SKY: 1 맑음, 3 구름많음, 4 흐림 (2 구름조금 is the retired scale's, still clear by its tenths). */
export function kmaSky(code: number | undefined): SkyStatus | undefined {
  switch (code) {
    case 1:
    case 2:
      return 'CLEAR';
    case 3:
      return 'MOSTLY_CLOUDY';
    case 4:
      return 'CLOUDY';
    default:
      return undefined;
  }
}

/**
 * KMA PTY: 0 없음, 1 비, 2 비/눈, 3 눈, 4 소나기. 5–7 (빗방울, 빗방울눈날림, 눈날림) appear in the very-short
 * forecasts and are read as their kinds.
 */
export function kmaPrecipitationType(code: number | undefined): PrecipitationType | undefined {
  switch (code) {
    case 0:
      return 'NONE';
    case 1:
    case 5:
      return 'RAIN';
    case 2:
    case 6:
      return 'RAIN_SNOW';
    case 3:
    case 7:
      return 'SNOW';
    case 4:
      return 'SHOWER';
    default:
      return undefined;
  }
}
