import { ko, type ClothesType } from '@otboo/contract';
import { BANDS, type TemperatureBand } from './engine/bands.js';
import { inferProfile, type GarmentInput } from './engine/garment-profile.js';
import { recommend, type Candidate, type RecommendInput } from './engine/recommend.js';

export interface ClosetGap {
  /** The band's label in the outfit table (docs/recommendations.md §2), e.g. `4°C 이하`. */
  band: string;
  message: string;
}

type GapSlot = keyof typeof ko.clothes.insights.gapPieces.plain;

/** A plain day in the band: no wind, rain or daily range, so the band alone decides (apparent = air temperature). */
function dayIn(bands: readonly TemperatureBand[], index: number): RecommendInput['weather'] {
  const min = bands[index]?.min ?? null;
  // One degree into the band; the open-ended coldest band is taken a few degrees below freezing.
  const temperature = min !== null ? min + 1 : (bands[index - 1]?.min ?? 0) - 7;
  return {
    temperature,
    min: temperature,
    max: temperature,
    humidity: 50,
    windSpeed: 0,
    precipitationType: 'NONE',
    precipitationProbability: 0,
    skyStatus: 'CLOUDY',
    // October: neither the summer formula nor wind chill (without wind) moves the apparent temperature.
    month: 10,
  };
}

/**
 * The bands in which the closet cannot make a complete outfit, coldest first: for a plain day in each band, what
 * the recommender would report missing (a top, bottom, required outer or fitting shoes), or an outer it could only
 * fill with one too light ('더 따뜻한 아우터가 있으면 좋아요'). Empty for an empty closet (the page says so itself).
 */
export function closetGaps(
  garments: readonly {
    id: string;
    name: string;
    type: ClothesType;
    attributes: GarmentInput['attributes'];
  }[],
): ClosetGap[] {
  if (garments.length === 0) return [];
  const closet: Candidate[] = garments.map((g) => ({
    id: g.id,
    type: g.type,
    profile: inferProfile(g),
  }));
  const texts = ko.clothes.insights;
  const gaps: ClosetGap[] = [];
  for (let index = BANDS.length - 1; index >= 0; index--) {
    const result = recommend({
      weather: dayIn(BANDS, index),
      sensitivity: 2.5,
      closet,
      history: [],
      dayAt: new Date(0),
      shown: new Set(),
      salt: 'closet-insights',
    });
    const lacking = new Map<GapSlot, 'none' | 'unsuitable'>();
    for (const m of result.missing) lacking.set(m.slot, m.why);
    const outer = result.picks.find((p) => p.slot === 'OUTER');
    if (outer?.tooLight && outer.distance > 0) lacking.set('OUTER', 'unsuitable');
    if (lacking.size === 0) continue;
    const order: GapSlot[] = ['OUTER', 'TOP', 'BOTTOM', 'SHOES'];
    const pieces = order.flatMap((slot) => {
      const why = lacking.get(slot);
      if (!why) return [];
      return [(why === 'none' ? null : texts.gapPieces[slot][index]) ?? texts.gapPieces.plain[slot]];
    });
    const label = BANDS[index]?.label ?? '';
    gaps.push({ band: label, message: texts.gap(texts.bandWeather[index] ?? label, pieces) });
  }
  return gaps;
}
