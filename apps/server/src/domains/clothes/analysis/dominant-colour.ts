import { deltaE2000, srgbToLab, type Lab } from './colour-space.js';
import { isMultiOption, referenceOf } from './colour-names.js';

/**
 * The garment's colour in a product photo (docs/api.md §9.5), from a small RGBA copy of it (at most 64 px a
 * side): the background is estimated from the border, the rest is clustered in CIELAB with the centre weighted
 * most, and the dominant cluster is named by the nearest option of the 색상 definition.
 */

/** A decoded, downscaled image: `width × height` RGBA pixels. */
export interface RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Tuning, named so the tests and docs can speak of them. */
export const COLOUR_ANALYSIS = {
  /** Border ring (pixels of the downscaled copy) that the background is read from. */
  borderWidth: 3,
  /** Alpha below this is transparent: background. */
  opaqueAlpha: 128,
  /** Colours of the border: at most this many, each holding at least `borderClusterMinShare` of the border. */
  borderClusters: 4,
  borderClusterMinShare: 0.06,
  /** A pixel this close (ΔE2000) to a border colour, and connected to the border through such pixels, is background. */
  backgroundDistance: 10,
  /** Below this share of the (centre-weighted) image, nothing stands out from the background. */
  minForegroundShare: 0.03,
  /** Clusters of the garment's pixels. */
  garmentClusters: 6,
  /** Clusters closer than this (ΔE2000) are one colour in another light. */
  sameColour: 12,
  iterations: 10,
  /** Another colour at least this far (ΔE2000) from the main one … */
  distinctDistance: 20,
  /** … holding this share of the garment means no colour dominates (멀티). */
  secondColourShare: 0.3,
  /** Spread of the centre weighting, in image widths/heights. */
  centreSigma: 0.3,
} as const;

export interface ColourFinding {
  /** The garment's main colour, or null when nothing stands out from the background. */
  colour: Lab | null;
  /** A second distinct colour holds enough of the garment that none dominates. */
  multi: boolean;
  /** Share of the centre-weighted image that is garment (not background). */
  foregroundShare: number;
}

interface Cluster {
  centre: Lab;
  weight: number;
}

/** A point to cluster: a colour with its weight. */
interface Sample {
  lab: Lab;
  weight: number;
}

const AXES = ['l', 'a', 'b'] as const;

function meanOf(samples: readonly Sample[]): Lab {
  let l = 0;
  let a = 0;
  let b = 0;
  let w = 0;
  for (const s of samples) {
    l += s.lab.l * s.weight;
    a += s.lab.a * s.weight;
    b += s.lab.b * s.weight;
    w += s.weight;
  }
  return w > 0 ? { l: l / w, a: a / w, b: b / w } : (samples[0]?.lab ?? { l: 0, a: 0, b: 0 });
}

const squaredDistance = (p: Lab, c: Lab) => (p.l - c.l) ** 2 + (p.a - c.a) ** 2 + (p.b - c.b) ** 2;

/** Weighted k-means in Lab, started from a median cut of the samples (deterministic). */
function cluster(samples: readonly Sample[], k: number, iterations: number): Cluster[] {
  if (samples.length === 0) return [];
  // Median cut: split the box with the widest channel at its weighted median until there are k boxes.
  let boxes: Sample[][] = [[...samples]];
  while (boxes.length < k) {
    let best: { box: Sample[]; axis: (typeof AXES)[number]; range: number } | null = null;
    for (const box of boxes) {
      if (box.length < 2) continue;
      for (const axis of AXES) {
        let lo = Infinity;
        let hi = -Infinity;
        for (const s of box) {
          lo = Math.min(lo, s.lab[axis]);
          hi = Math.max(hi, s.lab[axis]);
        }
        if (hi - lo >= 1 && (!best || hi - lo > best.range)) best = { box, axis, range: hi - lo };
      }
    }
    if (!best) break;
    const { box, axis } = best;
    const sorted = [...box].sort((x, y) => x.lab[axis] - y.lab[axis]);
    const half = sorted.reduce((sum, s) => sum + s.weight, 0) / 2;
    let acc = 0;
    let cut = 1;
    for (const [j, s] of sorted.entries()) {
      acc += s.weight;
      if (acc >= half) {
        cut = Math.min(Math.max(j + 1, 1), sorted.length - 1);
        break;
      }
    }
    boxes = boxes.flatMap((b) => (b === box ? [sorted.slice(0, cut), sorted.slice(cut)] : [b]));
  }
  let centres = boxes.map(meanOf);
  const assignment = samples.map(() => -1);
  for (let it = 0; it < iterations; it++) {
    let moved = false;
    const members: Sample[][] = centres.map(() => []);
    for (const [i, s] of samples.entries()) {
      let nearest = 0;
      let nearestDistance = Infinity;
      for (const [ci, c] of centres.entries()) {
        const d = squaredDistance(s.lab, c);
        if (d < nearestDistance) {
          nearestDistance = d;
          nearest = ci;
        }
      }
      if (assignment[i] !== nearest) moved = true;
      assignment[i] = nearest;
      members[nearest]?.push(s);
    }
    centres = members.map((m, ci) => (m.length ? meanOf(m) : (centres[ci] ?? meanOf(samples))));
    if (!moved) break;
  }
  const weights = centres.map(() => 0);
  for (const [i, s] of samples.entries()) {
    const ci = assignment[i] ?? 0;
    weights[ci] = (weights[ci] ?? 0) + s.weight;
  }
  return centres
    .map((centre, ci) => ({ centre, weight: weights[ci] ?? 0 }))
    .filter((c) => c.weight > 0)
    .sort((x, y) => y.weight - x.weight);
}

interface Pixel {
  lab: Lab;
  opaque: boolean;
  border: boolean;
  background: boolean;
  /** Whether the colour is near a border colour; computed once, on first use. */
  near: boolean | null;
  /** Centre weighting. */
  weight: number;
}

/** Finds the garment's colour in `image` (see the module comment); pure and deterministic. */
export function findGarmentColour(image: RgbaImage): ColourFinding {
  const { data, width, height } = image;
  const t = COLOUR_ANALYSIS;
  const border = Math.max(1, Math.min(t.borderWidth, Math.floor(Math.min(width, height) / 4)));
  const s2 = 2 * t.centreSigma ** 2;
  const pixels: Pixel[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const dx = (x + 0.5) / width - 0.5;
      const dy = (y + 0.5) / height - 0.5;
      pixels.push({
        lab: srgbToLab(data[o] ?? 0, data[o + 1] ?? 0, data[o + 2] ?? 0),
        opaque: (data[o + 3] ?? 0) >= t.opaqueAlpha,
        border: x < border || y < border || x >= width - border || y >= height - border,
        background: false,
        near: null,
        weight: Math.exp(-(dx * dx + dy * dy) / s2),
      });
    }

  // The background's colours: clusters of the opaque border pixels (transparent ones are background anyway).
  const borderPixels = pixels.filter((p) => p.border);
  const borderSamples = borderPixels.filter((p) => p.opaque).map((p) => ({ lab: p.lab, weight: 1 }));
  const borderColours =
    borderSamples.length >= borderPixels.length * t.borderClusterMinShare
      ? cluster(borderSamples, t.borderClusters, t.iterations)
          .filter((c) => c.weight >= borderSamples.length * t.borderClusterMinShare)
          .map((c) => c.centre)
      : [];
  const nearBackground = (p: Pixel) => {
    p.near ??= borderColours.some((c) => deltaE2000(c, p.lab) < t.backgroundDistance);
    return p.near;
  };

  // Background: transparent, or like a border colour and reachable from the border through such pixels, so a
  // garment's own patch of the background colour (white buttons on a shirt shot on white) stays garment.
  // Transparent pixels conduct too: a shape cut out on transparency may sit on a coloured card.
  const queue: number[] = [];
  for (const [i, p] of pixels.entries()) {
    if (!p.opaque || (p.border && nearBackground(p))) {
      p.background = true;
      queue.push(i);
    }
  }
  for (let i = queue.pop(); i !== undefined; i = queue.pop()) {
    const x = i % width;
    const y = (i - x) / width;
    const neighbours = [
      x > 0 ? i - 1 : -1,
      x < width - 1 ? i + 1 : -1,
      y > 0 ? i - width : -1,
      y < height - 1 ? i + width : -1,
    ];
    for (const j of neighbours) {
      const q = pixels[j];
      if (!q || q.background || !nearBackground(q)) continue;
      q.background = true;
      queue.push(j);
    }
  }

  // The garment's pixels, weighted towards the centre where a product photo puts it.
  let totalWeight = 0;
  let garmentWeight = 0;
  const samples: Sample[] = [];
  for (const p of pixels) {
    totalWeight += p.weight;
    if (p.background) continue;
    garmentWeight += p.weight;
    samples.push({ lab: p.lab, weight: p.weight });
  }
  const foregroundShare = totalWeight > 0 ? garmentWeight / totalWeight : 0;
  if (foregroundShare < t.minForegroundShare) return { colour: null, multi: false, foregroundShare };

  // Shading, folds and the blend at a stripe's edge make several clusters of one colour: clusters closer than
  // `sameColour` are one colour (linked in a chain), weighted together.
  const clusters = cluster(samples, t.garmentClusters, t.iterations);
  const groups: Cluster[][] = [];
  for (const c of clusters) {
    const linked = groups.filter((g) => g.some((m) => deltaE2000(m.centre, c.centre) < t.sameColour));
    const merged = [c, ...linked.flat()];
    for (const g of linked) groups.splice(groups.indexOf(g), 1);
    groups.push(merged);
  }
  const ranked = groups
    .map((members) => ({
      centre: meanOf(members.map((m) => ({ lab: m.centre, weight: m.weight }))),
      weight: members.reduce((sum, m) => sum + m.weight, 0),
    }))
    .sort((x, y) => y.weight - x.weight);
  const [main, ...others] = ranked;
  if (!main) return { colour: null, multi: false, foregroundShare };
  // Only a clearly different colour with a large share means no colour dominates (stripes, colour blocks).
  const second = others.find((c) => deltaE2000(c.centre, main.centre) >= t.distinctDistance);
  const multi = second !== undefined && second.weight >= garmentWeight * t.secondColourShare;
  return { colour: main.centre, multi, foregroundShare };
}

/**
 * The option of a 색상 definition that names the finding: 멀티 (when the definition has it) for a garment of
 * several colours, else the option whose reference colour is nearest. Only options of the definition are ever
 * returned; null when nothing stands out or no option names a colour.
 */
export function nearestColourOption(finding: ColourFinding, options: readonly string[]): string | null {
  if (!finding.colour) return null;
  if (finding.multi) {
    const multi = options.find(isMultiOption);
    if (multi) return multi;
  }
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const option of options) {
    const reference = referenceOf(option);
    if (!reference) continue;
    const d = deltaE2000(reference, finding.colour);
    if (d < bestDistance) {
      bestDistance = d;
      best = option;
    }
  }
  return best;
}
