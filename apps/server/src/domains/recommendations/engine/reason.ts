import { ko } from '@otboo/contract';
import type { Pick, Recommendation, Slot } from './recommend.js';

const texts = ko.recommendations.reason;
const pieceTexts = ko.recommendations.piece;

/** Math.round(-0.4) is -0: show 0. */
const degrees = (t: number) => Math.round(t) || 0;

/** The weather part: '체감 3°C, 바람이 강해요'. */
function weatherPart(r: Recommendation): string {
  const c = r.conditions;
  const notes: string[] = [];
  if (c.strongWind) notes.push(texts.strongWind);
  if (c.precipitation === 'rain') notes.push(texts.rain);
  if (c.precipitation === 'snow') notes.push(texts.snow);
  if (c.bigRange) notes.push(texts.bigRange);
  return [texts.feelsLike(degrees(c.apparent)), ...notes].join(', ');
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
  if (!outer) return texts.bands[r.plan.band] ?? texts.bands[0];
  if (r.plan.outerBecause === 'range') return texts.outerForRange;
  if (r.plan.outerBecause === 'offered') return texts.outerThin;
  if (outer.tooLight && outer.distance > 0) return texts.outerTooLight;
  if (r.plan.band >= 7) return texts.outerThick;
  if (r.plan.band >= 6) return texts.outerWarm;
  return texts.outerLight;
}

/** What the closet lacks, and what to add when it lacks a kind altogether. */
function missingPart(r: Recommendation): string {
  const said = r.missing.map((m) => (m.why === 'none' ? texts.missing[m.slot] : texts.unsuitable[m.slot]));
  const lacking = r.missing.filter((m) => m.why === 'none');
  const [only, ...more] = lacking;
  if (!only) return said.join(', ');
  const hint = more.length === 0 ? texts.addToCloset[only.slot] : texts.addToCloset.several;
  return `${said.join(', ')} — ${hint}`;
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
  if (r.missing.length) parts.push(missingPart(r));
  for (const rule of r.compromises) parts.push(texts.compromise[rule]);
  return parts.join(' · ');
}

/** What a piece is called: its colour, a material worth naming and its kind, e.g. '네이비 울 슬랙스'. */
function describe(p: Pick): string {
  const kind = p.profile.label ?? pieceTexts.slots[p.slot];
  const material = p.profile.materialLabel;
  return [p.profile.colourLabel, material && !kind.includes(material) ? material : null, kind]
    .filter(Boolean)
    .join(' ');
}

/** The piece a colour match is explained against, by slot. */
const PARTNERS: Partial<Record<Slot, readonly Slot[]>> = {
  TOP: ['BOTTOM', 'OUTER'],
  BOTTOM: ['TOP', 'OUTER'],
  DRESS: ['OUTER', 'SHOES'],
  SHOES: ['BOTTOM', 'DRESS'],
  OUTER: ['TOP', 'DRESS', 'BOTTOM'],
};

/** The weather fact a piece answers to, if it answers to one. */
function contextOf(p: Pick, r: Recommendation): string | null {
  const c = r.conditions;
  const wetWord = c.precipitation === 'snow' ? pieceTexts.snow : pieceTexts.rain;
  switch (p.slot) {
    case 'OUTER':
      if (c.precipitation && p.waterproof) return wetWord;
      if (r.plan.outerBecause === 'range') return pieceTexts.morning(degrees(c.minApparent));
      if (c.windy && p.profile.windproof && r.plan.band < 6) return pieceTexts.wind;
      return r.plan.outerBecause === 'cold' ? pieceTexts.feelsLike(degrees(c.apparent)) : null;
    case 'SHOES':
      if (c.precipitation && (p.waterproof || (c.precipitation === 'snow' && p.profile.boots)))
        return wetWord;
      return null;
    case 'HAT':
      return p.profile.role === 'sun' ? pieceTexts.sun : pieceTexts.feelsLike(degrees(c.apparent));
    case 'SCARF':
    case 'GLOVES':
      return c.windy ? pieceTexts.wind : pieceTexts.feelsLike(degrees(c.apparent));
    case 'UMBRELLA':
      return wetWord;
    case 'SUNGLASSES':
      return pieceTexts.sun;
    case 'THERMAL':
      return pieceTexts.feelsLike(degrees(c.apparent));
    default:
      return null;
  }
}

/** The piece with a word for how it meets the day: '방수 레인부츠', '두꺼운 울 코트', '시원한 린넨 셔츠'. */
function qualified(p: Pick, r: Recommendation): string {
  const what = describe(p);
  const band = r.plan.band;
  if (r.conditions.precipitation && p.waterproof && (p.slot === 'OUTER' || p.slot === 'SHOES'))
    return pieceTexts.waterproof(what);
  if (p.slot === 'OUTER') {
    if (r.conditions.windy && p.profile.windproof && band < 6) return pieceTexts.windproof(what);
    if (band >= 7 || p.profile.lo >= 6) return pieceTexts.thick(what);
    if (band >= 5) return pieceTexts.warm(what);
    return pieceTexts.light(what);
  }
  if (p.slot === 'TOP' || p.slot === 'BOTTOM' || p.slot === 'DRESS') {
    if (band <= 1) return pieceTexts.cool(what);
    if (band >= 6) return pieceTexts.warm(what);
  }
  return what;
}

/**
 * Why one piece of the outfit was chosen, in a short phrase: the weather it answers to and the piece
 * ('아침 4°C · 두꺼운 울 코트', '비 소식 · 방수 레인부츠'), or the piece it goes with ('네이비 슬랙스에 어울리는
 * 화이트 셔츠'), or the user's habit; plus the rule it breaks when the closet had nothing better.
 */
export function buildPieceReason(p: Pick, r: Recommendation): string {
  const parts: string[] = [];
  const context = contextOf(p, r);
  const partner = p.profile.colourLabel
    ? (PARTNERS[p.slot] ?? [])
        .map((slot) => r.picks.find((x) => x.slot === slot))
        .find((x): x is Pick => x !== undefined && x.profile.colourLabel !== null)
    : undefined;
  if (context) parts.push(context, qualified(p, r));
  else if (partner && !p.compromise) parts.push(pieceTexts.goesWith(describe(partner), describe(p)));
  else if (p.favourite) parts.push(pieceTexts.favourite(describe(p)));
  else if (p.slot === 'TOP' || p.slot === 'BOTTOM' || p.slot === 'DRESS')
    parts.push(pieceTexts.feelsLike(degrees(r.conditions.apparent)), qualified(p, r));
  else parts.push(qualified(p, r));
  if (p.compromise) parts.push(pieceTexts.compromise[p.compromise]);
  return parts.join(' · ');
}
