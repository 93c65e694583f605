import { describe, expect, it } from 'vitest';
import { buildReason } from './reason.js';
import {
  outfitSignature,
  recommend,
  type Candidate,
  type EngineWeather,
  type RecommendInput,
  type WearRecord,
} from './recommend.js';
import { day, garment } from './closet.fixture.js';

const DAY_AT = new Date('2026-10-15T03:00:00Z');
const input = (
  closet: Candidate[],
  weather: EngineWeather,
  extra: Partial<RecommendInput> = {},
): RecommendInput => ({
  weather,
  sensitivity: 2.5,
  closet,
  history: [],
  dayAt: DAY_AT,
  shown: new Set(),
  salt: 'w1',
  ...extra,
});
const ids = (r: ReturnType<typeof recommend>) => r.picks.map((p) => p.id).sort();

describe('recommend', () => {
  it('is deterministic: the same input gives the same outfit', () => {
    const closet = [garment('반팔 A', 'TOP'), garment('반팔 B', 'TOP'), garment('반바지', 'BOTTOM')];
    const a = recommend(input(closet, day(26)));
    for (let i = 0; i < 5; i++) expect(recommend(input(closet, day(26)))).toEqual(a);
  });

  it('lets a dress replace top and bottom, never both together', () => {
    const closet = [
      garment('민소매 원피스', 'DRESS'),
      garment('반팔 티셔츠', 'TOP'),
      garment('샌들', 'SHOES'),
    ];
    // Without a bottom, the dress is the complete choice.
    expect(ids(recommend(input(closet, day(29))))).toEqual(['민소매 원피스', '샌들']);
    const withBottom = [...closet, garment('반바지', 'BOTTOM')];
    const r = recommend(input(withBottom, day(29)));
    const slots = r.picks.map((p) => p.slot);
    expect(slots.includes('DRESS')).not.toBe(slots.includes('TOP') || slots.includes('BOTTOM'));
    // Marking the chosen base as shown switches to the other base.
    const again = recommend(input(withBottom, day(29), { shown: new Set(r.picks.map((p) => p.id)) }));
    expect(again.picks.some((p) => p.slot === 'DRESS')).toBe(!slots.includes('DRESS'));
  });

  it('prefers garments not shown yet in this round ("다른 옷 추천")', () => {
    const closet = [
      garment('니트 A', 'TOP'),
      garment('니트 B', 'TOP'),
      garment('청바지', 'BOTTOM'),
      garment('슬랙스', 'BOTTOM'),
    ];
    const first = recommend(input(closet, day(14)));
    const second = recommend(input(closet, day(14), { shown: new Set(first.picks.map((p) => p.id)) }));
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(4);
    expect(outfitSignature(second.picks)).not.toBe(outfitSignature(first.picks));
  });

  it("reuses preferred garments (a trip's bag) over equally fitting ones, never over a better fit", () => {
    const closet = [
      garment('니트 A', 'TOP'),
      garment('니트 B', 'TOP'),
      garment('니트 C', 'TOP'),
      garment('청바지', 'BOTTOM'),
      garment('슬랙스', 'BOTTOM'),
    ];
    const plain = recommend(input(closet, day(14)));
    const pickedTop = plain.picks.find((p) => p.slot === 'TOP')!.id;
    const pickedBottom = plain.picks.find((p) => p.slot === 'BOTTOM')!.id;
    const otherTop = ['니트 A', '니트 B', '니트 C'].find((n) => n !== pickedTop)!;
    const otherBottom = pickedBottom === '청바지' ? '슬랙스' : '청바지';
    const preferred = new Set([otherTop, otherBottom]);
    expect(ids(recommend(input(closet, day(14), { preferred })))).toEqual([otherBottom, otherTop].sort());
    // A preferred short-sleeve top does not replace the knit on a cool day.
    const withTee = [...closet, garment('반팔 티셔츠', 'TOP')];
    const r = recommend(input(withTee, day(8), { preferred: new Set(['반팔 티셔츠']) }));
    expect(ids(r)).not.toContain('반팔 티셔츠');
  });

  it('never trades a fitting garment for an unfitting one to rotate', () => {
    const closet = [garment('니트', 'TOP'), garment('반팔 티셔츠', 'TOP'), garment('청바지', 'BOTTOM')];
    const shown = new Set(['니트', '청바지']);
    expect(ids(recommend(input(closet, day(14), { shown })))).toEqual(['니트', '청바지']);
  });

  it('raises what was worn in similar weather and lowers what was worn in the last 3 days', () => {
    const closet = [garment('셔츠 A', 'TOP'), garment('셔츠 B', 'TOP'), garment('면바지', 'BOTTOM')];
    const worn = (id: string, daysAgo: number, apparent: number): WearRecord => ({
      clothesId: id,
      wornAt: new Date(DAY_AT.getTime() - daysAgo * 86_400_000),
      apparent,
    });
    for (const [favourite, other] of [
      ['셔츠 A', '셔츠 B'],
      ['셔츠 B', '셔츠 A'],
    ] as const) {
      // Similar weather (within 3 °C) long ago raises; very different weather does not count.
      const liked = recommend(
        input(closet, day(20), {
          history: [worn(favourite, 30, 21), worn(other, 40, 2), worn(other, 41, 1)],
        }),
      );
      expect(ids(liked)).toContain(favourite);
      // Worn two days ago: rested even though it was liked.
      const rested = recommend(
        input(closet, day(20), { history: [worn(favourite, 30, 21), worn(favourite, 2, 20)] }),
      );
      expect(ids(rested)).toContain(other);
    }
  });

  it('favours waterproof outer and shoes on wet days and leaves suede and canvas home', () => {
    const closet = [
      garment('트렌치코트', 'OUTER'),
      garment('바람막이', 'OUTER', { 방수: '예' }),
      garment('셔츠', 'TOP'),
      garment('청바지', 'BOTTOM'),
      garment('스웨이드 로퍼', 'SHOES'),
      garment('캔버스 스니커즈', 'SHOES'),
      garment('레인부츠', 'SHOES'),
      garment('장우산', 'ACCESSORY'),
    ];
    // 11 °C: the trench coat fits, the (lighter) windbreaker is a band too light…
    const dry = recommend(input(closet, day(11)));
    expect(ids(dry)).toContain('트렌치코트');
    expect(ids(dry)).not.toContain('장우산');
    // …but on a wet day the waterproof one wins, with the rain boots and the umbrella.
    const wet = recommend(
      input(closet, day(11, { precipitationType: 'RAIN', precipitationProbability: 90 })),
    );
    expect(ids(wet)).toEqual(['레인부츠', '바람막이', '셔츠', '장우산', '청바지']);
    expect(buildReason(wet, closet.length)).toBe(
      '체감 11°C, 비 소식이 있어요 · 방수 아우터와 신발을 골랐어요',
    );
    // Without rain boots: suede and canvas are the only shoes, so one is still worn, and no waterproof shoes are claimed.
    const noBoots = closet.filter((c) => c.id !== '레인부츠');
    const r = recommend(input(noBoots, day(11, { precipitationProbability: 80 })));
    expect(r.conditions.precipitation).toBe('rain');
    expect(r.picks.some((p) => p.slot === 'SHOES')).toBe(true);
    expect(buildReason(r, noBoots.length)).toBe(
      '체감 11°C, 비 소식이 있어요 · 방수 아우터를 골랐어요 · 방수 신발이 없어요 — 젖어도 괜찮은 신발을 신으세요 · 비에 약한 소재를 대신할 옷이 없어요',
    );
    expect(r.picks.find((p) => p.slot === 'SHOES')!.compromise).toBe('rain');
    // With an ordinary pair besides, suede and canvas stay home.
    const withLeather = [...noBoots, garment('가죽 운동화', 'SHOES')];
    expect(ids(recommend(input(withLeather, day(11, { precipitationType: 'RAIN' }))))).toContain(
      '가죽 운동화',
    );
  });

  it('adds a layer for the cool hours on a day whose range is 8 °C or more', () => {
    const closet = [
      garment('얇은 가디건', 'OUTER', { 두께: '얇음' }),
      garment('롱패딩', 'OUTER'),
      garment('반팔 티셔츠', 'TOP'),
      garment('면바지', 'BOTTOM'),
    ];
    const narrow = recommend(input(closet, day(25, { min: 22, max: 27 })));
    expect(ids(narrow)).toEqual(['면바지', '반팔 티셔츠']);
    const wide = recommend(input(closet, day(25, { min: 17, max: 27 })));
    expect(ids(wide)).toEqual(['면바지', '반팔 티셔츠', '얇은 가디건']);
    expect(buildReason(wide, closet.length)).toBe(
      '체감 25°C, 일교차가 커요 · 아침저녁을 위해 겉옷을 챙겼어요',
    );
  });

  it('takes the warmest outer there is when none is warm enough, and says so', () => {
    const closet = [
      garment('데님 자켓', 'OUTER'),
      garment('니트', 'TOP'),
      garment('청바지', 'BOTTOM'),
      garment('얇은 가디건', 'OUTER', { 두께: '얇음' }),
    ];
    const r = recommend(input(closet, day(1, { month: 1 })));
    expect(ids(r)).toEqual(['니트', '데님 자켓', '청바지']);
    expect(buildReason(r, closet.length)).toBe('체감 1°C · 더 따뜻한 아우터가 있으면 좋아요');
  });

  it('skips socks with sandals, adds sun items on clear hot days and nothing for bags', () => {
    const closet = [
      garment('민소매 티', 'TOP'),
      garment('반바지', 'BOTTOM'),
      garment('샌들', 'SHOES'),
      garment('양말', 'SOCKS'),
      garment('버킷햇', 'HAT'),
      garment('비니', 'HAT'),
      garment('선글라스', 'ACCESSORY'),
      garment('에코백', 'BAG'),
    ];
    const r = recommend(input(closet, day(31, { month: 8, humidity: 55, skyStatus: 'CLEAR' })));
    expect(ids(r)).toEqual(['민소매 티', '반바지', '버킷햇', '샌들', '선글라스']);
    const cloudy = recommend(input(closet, day(31, { month: 8, humidity: 55, skyStatus: 'CLOUDY' })));
    expect(ids(cloudy)).toEqual(['민소매 티', '반바지', '샌들']);
  });

  it('lists the picks main pieces first', () => {
    const closet = [
      garment('양말', 'SOCKS'),
      garment('운동화', 'SHOES'),
      garment('청바지', 'BOTTOM'),
      garment('니트', 'TOP'),
      garment('자켓', 'OUTER'),
    ];
    expect(recommend(input(closet, day(13))).picks.map((p) => p.slot)).toEqual([
      'OUTER',
      'TOP',
      'BOTTOM',
      'SHOES',
      'SOCKS',
    ]);
  });

  describe('keeping pieces (이 옷 빼기)', () => {
    const closet = [
      garment('베이지 트렌치코트', 'OUTER'),
      garment('네이비 자켓', 'OUTER'),
      garment('화이트 셔츠', 'TOP'),
      garment('블랙 니트', 'TOP'),
      garment('블랙 슬랙스', 'BOTTOM'),
      garment('그레이 슬랙스', 'BOTTOM'),
      garment('화이트 스니커즈', 'SHOES'),
      garment('블랙 로퍼', 'SHOES'),
    ];
    const byId = new Map(closet.map((c) => [c.id, c]));

    it('changes only the piece taken out, for another of its slot, and keeps the rest', () => {
      const first = recommend(input(closet, day(14)));
      expect(first.picks).toHaveLength(4);
      for (const out of first.picks) {
        const rest = first.picks.filter((p) => p !== out);
        // Even with the outfit marked as shown ('다른 옷 추천' would move every slot on), only its slot changes.
        const next = recommend(
          input(closet, day(14), {
            shown: new Set(first.picks.map((p) => p.id)),
            excluded: new Set([out.id]),
            keep: rest.map((p) => byId.get(p.id)!),
          }),
        );
        expect(next.picks.map((p) => p.slot)).toEqual(first.picks.map((p) => p.slot));
        for (const p of rest) expect(next.picks.find((x) => x.slot === p.slot)?.id).toBe(p.id);
        expect(next.picks.find((x) => x.slot === out.slot)?.id).not.toBe(out.id);
      }
    });

    it('drops the slot or says what is missing when nothing else may take its place', () => {
      const small = [garment('셔츠', 'TOP'), garment('슬랙스', 'BOTTOM'), garment('스니커즈', 'SHOES')];
      const r = recommend(
        input(small, day(20), { excluded: new Set(['셔츠']), keep: [small[1]!, small[2]!] }),
      );
      expect(ids(r)).toEqual(['스니커즈', '슬랙스']);
      expect(r.missing).toEqual([{ slot: 'TOP', why: 'unsuitable' }]);
    });

    it('holds a kept piece whatever the plan says, and a kept dress leaves out top and bottom', () => {
      const withDress = [...closet, garment('원피스', 'DRESS'), garment('샌들', 'SHOES')];
      const hot = day(30, { month: 7, humidity: 55 });
      const kept = recommend(input(withDress, hot, { keep: [byId.get('네이비 자켓')!, withDress.at(-2)!] }));
      const slots = kept.picks.map((p) => p.slot);
      expect(slots).toContain('OUTER');
      expect(kept.picks.find((p) => p.slot === 'DRESS')?.id).toBe('원피스');
      expect(slots).not.toContain('TOP');
      expect(slots).not.toContain('BOTTOM');
    });
  });
});
