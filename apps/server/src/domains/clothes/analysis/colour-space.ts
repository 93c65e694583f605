/** CIELAB (D65) and the CIEDE2000 colour difference, for telling garment colours apart as people do. */

export interface Lab {
  l: number;
  a: number;
  b: number;
}

/** sRGB channel 0–255 → linear light, by table (every pixel of an analysis goes through it three times). */
const LINEAR = Array.from({ length: 256 }, (_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);

/** An sRGB colour (0–255 per channel) in CIELAB with the D65 white. */
export function srgbToLab(r: number, g: number, b: number): Lab {
  const rl = LINEAR[r] ?? 0;
  const gl = LINEAR[g] ?? 0;
  const bl = LINEAR[b] ?? 0;
  const x = (0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / 0.95047;
  const y = 0.2126729 * rl + 0.7151522 * gl + 0.072175 * bl;
  const z = (0.0193339 * rl + 0.119192 * gl + 0.9503041 * bl) / 1.08883;
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const deg = (rad: number) => (rad * 180) / Math.PI;
const rad = (d: number) => (d * Math.PI) / 180;

/** CIEDE2000 ΔE (Sharma, Wu and Dalal 2005): about 1 is just noticeable, above 10 plainly another colour. */
export function deltaE2000(x: Lab, y: Lab): number {
  const c1 = Math.hypot(x.a, x.b);
  const c2 = Math.hypot(y.a, y.b);
  const cMean = (c1 + c2) / 2;
  const g = 0.5 * (1 - Math.sqrt(cMean ** 7 / (cMean ** 7 + 25 ** 7)));
  const a1 = x.a * (1 + g);
  const a2 = y.a * (1 + g);
  const c1p = Math.hypot(a1, x.b);
  const c2p = Math.hypot(a2, y.b);
  const h1 = c1p === 0 ? 0 : (deg(Math.atan2(x.b, a1)) + 360) % 360;
  const h2 = c2p === 0 ? 0 : (deg(Math.atan2(y.b, a2)) + 360) % 360;
  const dL = y.l - x.l;
  const dC = c2p - c1p;
  let dh = 0;
  if (c1p * c2p !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(c1p * c2p) * Math.sin(rad(dh / 2));
  const lMean = (x.l + y.l) / 2;
  const cpMean = (c1p + c2p) / 2;
  let hMean = h1 + h2;
  if (c1p * c2p !== 0) {
    if (Math.abs(h1 - h2) <= 180) hMean = (h1 + h2) / 2;
    else hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos(rad(hMean - 30)) +
    0.24 * Math.cos(rad(2 * hMean)) +
    0.32 * Math.cos(rad(3 * hMean + 6)) -
    0.2 * Math.cos(rad(4 * hMean - 63));
  const sl = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sc = 1 + 0.045 * cpMean;
  const sh = 1 + 0.015 * cpMean * t;
  const rt =
    -2 *
    Math.sqrt(cpMean ** 7 / (cpMean ** 7 + 25 ** 7)) *
    Math.sin(rad(60 * Math.exp(-(((hMean - 275) / 25) ** 2))));
  const lTerm = dL / sl;
  const cTerm = dC / sc;
  const hTerm = dH / sh;
  return Math.sqrt(lTerm ** 2 + cTerm ** 2 + hTerm ** 2 + rt * cTerm * hTerm);
}
