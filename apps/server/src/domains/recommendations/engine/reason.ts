import { ko } from '@otboo/contract';
import type { GarmentProfile } from './garment-profile.js';
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
  if (outer.tooLight && outer.distance > 0) return texts.outerTooLight;
  // The outer is described as it is, never as the day would like it (a thick trench is not light).
  if (r.plan.outerBecause === 'offered') return isLight(outer.profile) ? texts.outerThin : texts.outerChosen;
  if (isThick(outer.profile)) return texts.outerThick;
  if (isWarm(outer.profile)) return texts.outerWarm;
  if (isLight(outer.profile)) return texts.outerLight;
  return texts.outerChosen;
}

/**
 * On a wet day, what to do about what the closet lacks: shoes that may get wet when it has no waterproof pair
 * (or boots in the snow), an umbrella when none was chosen.
 */
function wetPart(r: Recommendation): string[] {
  const c = r.conditions;
  if (!c.precipitation) return [];
  const out: string[] = [];
  const shoes = r.picks.find((p) => p.slot === 'SHOES');
  if (shoes && !shoes.waterproof && !(c.precipitation === 'snow' && shoes.profile.boots))
    out.push(texts.noWaterproofShoes);
  if (!r.picks.some((p) => p.slot === 'UMBRELLA')) out.push(texts.bringUmbrella);
  return out;
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

/** The learned shift (docs/recommendations.md §7), said whenever one applied: '… 1.5°C 더 따뜻하게 골랐어요'. */
function calibrationPart(shift: number): string | null {
  const size = Math.round(Math.abs(shift) * 10) / 10;
  if (size === 0) return null;
  return shift < 0 ? texts.calibratedCold(String(size)) : texts.calibratedHot(String(size));
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
  if (c.sensitivityBand > c.neutralBand) parts.push(texts.coldSensitive);
  else if (c.sensitivityBand < c.neutralBand) parts.push(texts.heatSensitive);
  const learned = calibrationPart(c.calibration);
  if (learned) parts.push(learned);
  parts.push(choicePart(r));
  parts.push(...wetPart(r));
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

/** Warmth words from the piece's own facts (its 두께, materials and range), never from the day alone. */
const WARM_MATERIALS = new Set(['wool', 'cashmere', 'fleece', 'down', 'corduroy']);
const warmMaterial = (p: GarmentProfile) => p.materials.some((m) => WARM_MATERIALS.has(m));
export const isThick = (p: GarmentProfile) => p.thickness === 'thick' || (p.thickness === null && p.lo >= 6);
export const isWarm = (p: GarmentProfile) =>
  p.thickness !== 'thin' && (p.thickness === 'thick' || p.lo >= 5 || warmMaterial(p));
export const isLight = (p: GarmentProfile) =>
  p.thickness === 'thin' || (p.thickness !== 'thick' && p.lo <= 4 && !warmMaterial(p));
const isCool = (p: GarmentProfile) => p.thickness !== 'thick' && p.lo <= 1 && !warmMaterial(p);

/**
 * The pieces a piece's match may be explained against, by slot. Each points only at pieces before it in the order
 * outer, dress, top, bottom, shoes, so two pieces never only point at each other: the first of them has a reason
 * of its own (the weather, the user's habit, the felt temperature).
 */
const PARTNERS: Partial<Record<Slot, readonly Slot[]>> = {
  DRESS: ['OUTER'],
  TOP: ['OUTER'],
  BOTTOM: ['TOP', 'OUTER'],
  SHOES: ['BOTTOM', 'DRESS', 'TOP', 'OUTER'],
};

/** Pieces go together by colour when both have one, or by style when both are of one family. */
const matchable = (a: GarmentProfile, b: GarmentProfile) =>
  (a.colourLabel !== null && b.colourLabel !== null) || (a.style !== null && a.style === b.style);

/** The weather fact a piece answers to, if it answers to one. */
function contextOf(p: Pick, r: Recommendation): string | null {
  const c = r.conditions;
  switch (p.slot) {
    case 'OUTER':
      if (c.precipitation && p.waterproof) return null;
      if (r.plan.outerBecause === 'range') return pieceTexts.morning(degrees(c.minApparent));
      if (c.windy && p.profile.windproof && r.plan.band < 6) return pieceTexts.wind;
      return pieceTexts.feelsLike(degrees(c.apparent));
    case 'HAT':
      return p.profile.role === 'sun' ? pieceTexts.sun : pieceTexts.feelsLike(degrees(c.apparent));
    case 'SCARF':
    case 'GLOVES':
      return c.windy ? pieceTexts.wind : pieceTexts.feelsLike(degrees(c.apparent));
    case 'SUNGLASSES':
      return pieceTexts.sun;
    case 'THERMAL':
      return pieceTexts.feelsLike(degrees(c.apparent));
    default:
      return null;
  }
}

/**
 * A piece that keeps the user dry, said as a whole phrase ('비 오는 날에도 젖지 않는 방수 레인부츠'); null for
 * one that does not.
 */
function dryPhrase(p: Pick, r: Recommendation): string | null {
  const wet = r.conditions.precipitation;
  if (!wet) return null;
  const what = describe(p);
  if (p.slot === 'UMBRELLA') return pieceTexts.umbrella[wet](what);
  if ((p.slot === 'OUTER' || p.slot === 'SHOES') && p.waterproof) return pieceTexts.dry[p.slot][wet](what);
  if (p.slot === 'SHOES' && wet === 'snow' && p.profile.boots) return pieceTexts.snowBoots(what);
  return null;
}

/** The piece with a word for how it meets the day, true to its own facts: '두꺼운 울 코트', '시원한 린넨 셔츠'. */
function qualified(p: Pick, r: Recommendation): string {
  const what = describe(p);
  const band = r.plan.band;
  const f = p.profile;
  if (p.slot === 'OUTER') {
    if (r.conditions.windy && f.windproof && band < 6) return pieceTexts.windproof(what);
    if (isThick(f)) return pieceTexts.thick(what);
    if (isWarm(f) && band >= 5) return pieceTexts.warm(what);
    if (isLight(f) && band <= 5) return pieceTexts.light(what);
    return what;
  }
  if (p.slot === 'TOP' || p.slot === 'BOTTOM' || p.slot === 'DRESS') {
    if (band <= 1 && isCool(f)) return pieceTexts.cool(what);
    if (band >= 6 && isWarm(f)) return pieceTexts.warm(what);
  }
  return what;
}

/**
 * Why one piece of the outfit was chosen, in a short phrase (docs/recommendations.md §6): how it keeps the user
 * dry ('비 오는 날에도 젖지 않는 방수 레인부츠'), or the weather it answers to and the piece ('아침 4°C · 두꺼운 울
 * 코트'), or the named piece it goes with ('네이비 코트와 어울리는 베이지 니트'), or the user's habit, or the felt
 * temperature; plus the rule it breaks when the closet had nothing better.
 */
export function buildPieceReason(p: Pick, r: Recommendation): string {
  const parts: string[] = [];
  const dry = dryPhrase(p, r);
  const context = dry ? null : contextOf(p, r);
  const partner = (PARTNERS[p.slot] ?? [])
    .map((slot) => r.picks.find((x) => x.slot === slot))
    .find((x): x is Pick => x !== undefined && matchable(p.profile, x.profile));
  if (dry) parts.push(dry);
  else if (context) parts.push(context, qualified(p, r));
  else if (partner && !p.compromise) parts.push(pieceTexts.goesWith(describe(partner), describe(p)));
  else if (p.favourite) parts.push(pieceTexts.favourite(describe(p)));
  else if (p.slot === 'TOP' || p.slot === 'BOTTOM' || p.slot === 'DRESS')
    parts.push(pieceTexts.feelsLike(degrees(r.conditions.apparent)), qualified(p, r));
  else parts.push(qualified(p, r));
  if (p.compromise) parts.push(pieceTexts.compromise[p.compromise]);
  return parts.join(' · ');
}
