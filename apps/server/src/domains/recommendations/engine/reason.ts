import { ko } from '@otboo/contract';
import type { Recommendation } from './recommend.js';

const texts = ko.recommendations.reason;

/** The weather part: '체감 3°C, 바람이 강해요'. */
function weatherPart(r: Recommendation): string {
  const c = r.conditions;
  const notes: string[] = [];
  if (c.strongWind) notes.push(texts.strongWind);
  if (c.precipitation === 'rain') notes.push(texts.rain);
  if (c.precipitation === 'snow') notes.push(texts.snow);
  if (c.bigRange) notes.push(texts.bigRange);
  // Math.round(-0.4) is -0: show 0.
  const degrees = Math.round(c.apparent) || 0;
  return [texts.feelsLike(degrees), ...notes].join(', ');
}

/** What was chosen and why, in one phrase. */
function choicePart(r: Recommendation): string {
  const outer = r.picks.find((p) => p.slot === 'OUTER');
  const shoes = r.picks.find((p) => p.slot === 'SHOES');
  if (r.conditions.precipitation) {
    if (outer?.waterproof && shoes?.waterproof) return texts.waterproofOuterAndShoes;
    if (outer?.waterproof) return texts.waterproofOuter;
    if (shoes?.waterproof && !outer) return texts.waterproofShoes;
  }
  if (!outer) return texts.bands[r.plan.band]!;
  if (r.plan.outerBecause === 'range') return texts.outerForRange;
  if (r.plan.outerBecause === 'offered') return texts.outerThin;
  if (outer.tooLight && outer.distance > 0) return texts.outerTooLight;
  if (r.plan.band >= 7) return texts.outerThick;
  if (r.plan.band >= 6) return texts.outerWarm;
  return texts.outerLight;
}

/**
 * The short Korean explanation of a recommendation, e.g. '체감 3°C, 바람이 강해요 · 두꺼운 아우터를 골랐어요'.
 * `closetSize` tells an empty closet from one where nothing fits.
 */
export function buildReason(r: Recommendation, closetSize: number): string {
  const parts = [weatherPart(r)];
  if (closetSize === 0) return [...parts, texts.emptyCloset].join(' · ');
  if (r.picks.length === 0) return [...parts, texts.nothingSuitable].join(' · ');
  const c = r.conditions;
  if (c.band > c.neutralBand) parts.push(texts.coldSensitive);
  else if (c.band < c.neutralBand) parts.push(texts.heatSensitive);
  parts.push(choicePart(r));
  if (r.missing.length) {
    parts.push(
      r.missing.map((m) => (m.why === 'none' ? texts.missing[m.slot] : texts.unsuitable[m.slot])).join(', '),
    );
  }
  return parts.join(' · ');
}
