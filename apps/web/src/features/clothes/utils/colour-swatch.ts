/**
 * A screen colour for the 색상 options an administrator seeds (packages/contract texts `defaultDefinitions`), for
 * swatches beside the name and the bars of the report's colour chart. The values follow the reference colours of
 * the photo analysis (apps/server/src/domains/clothes/analysis/colour-names.ts). An option not listed gets no
 * swatch: the name alone says it.
 */
const SWATCHES: Readonly<Record<string, string>> = {
  블랙: '#1c1c1e',
  화이트: '#f8f8f6',
  아이보리: '#f0e9d4',
  그레이: '#969698',
  차콜: '#424246',
  네이비: '#202848',
  베이지: '#d7c3a0',
  브라운: '#734b2d',
  카멜: '#be8c5a',
  카키: '#706c42',
  레드: '#c8202c',
  와인: '#721c30',
  오렌지: '#ee7624',
  옐로우: '#f4d03f',
  그린: '#2e8b57',
  민트: '#a0e2c8',
  블루: '#285abe',
  스카이블루: '#87c3eb',
  퍼플: '#7846a0',
  핑크: '#f0a0b9',
  실버: '#c0c0c6',
  골드: '#c8a54b',
};

/** The CSS colour of a 색상 option, or null when it is not one of the known names (멀티 included). */
export function colourSwatch(option: string): string | null {
  return SWATCHES[option.replace(/\s/g, '')] ?? null;
}

/** Whether a swatch is so light that it needs an outline on white. */
export function isLightSwatch(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 200;
}
