import { describe, expect, it } from 'vitest';
import { buildPieceReason, buildReason } from './reason.js';
import { recommend, type Candidate, type EngineWeather, type Recommendation } from './recommend.js';
import { day, garment } from './closet.fixture.js';

const rainy = (temperature: number) =>
  day(temperature, { precipitationType: 'RAIN', precipitationProbability: 80 });

const dress = (closet: Candidate[], weather: EngineWeather, keep: Candidate[] = []): Recommendation =>
  recommend({
    weather,
    sensitivity: 2.5,
    closet,
    history: [],
    dayAt: new Date('2026-10-15T03:00:00Z'),
    shown: new Set(),
    salt: 'w1',
    keep,
  });

/** Each piece's reason by garment id. */
const reasons = (r: Recommendation) => Object.fromEntries(r.picks.map((p) => [p.id, buildPieceReason(p, r)]));

describe('piece reasons tell the truth about the piece', () => {
  it('never calls a thick piece light: 두께 두꺼움 outweighs the name trench', () => {
    const closet = [
      garment('베이지 트렌치코트', 'OUTER', { 두께: '두꺼움' }),
      garment('화이트 셔츠', 'TOP'),
      garment('블랙 슬랙스', 'BOTTOM'),
    ];
    const r = dress(closet, day(14));
    const why = reasons(r)['베이지 트렌치코트']!;
    expect(why).not.toMatch(/가벼운|얇은/);
    expect(why).toBe('체감 14°C · 두꺼운 베이지 트렌치');
    expect(buildReason(r, closet.length)).not.toContain('가벼운');
    // A plain trench on the same day is the light outer it is.
    const plain = dress([garment('베이지 트렌치코트', 'OUTER'), ...closet.slice(1)], day(14));
    expect(reasons(plain)['베이지 트렌치코트']).toBe('체감 14°C · 가벼운 베이지 트렌치');
  });

  it('never calls a thin piece thick or warm on a cold day', () => {
    const closet = [
      garment('블랙 롱패딩', 'OUTER', { 두께: '얇음' }),
      garment('그레이 니트', 'TOP', { 두께: '얇음' }),
      garment('블랙 청바지', 'BOTTOM'),
    ];
    const r = dress(closet, day(-2));
    for (const why of Object.values(reasons(r))) expect(why).not.toMatch(/두꺼운|따뜻한/);
  });

  it('calls a linen shirt cool on a hot day, never a thick sweatshirt', () => {
    const hot = day(31, { month: 8, humidity: 55 });
    expect(reasons(dress([garment('린넨 셔츠', 'TOP'), garment('반바지', 'BOTTOM')], hot))['린넨 셔츠']).toBe(
      '체감 31°C · 시원한 린넨 셔츠',
    );
    // Kept by the user ('이 옷 빼기' on the rest): the engine would not choose it on such a day.
    const sweatshirt = garment('맨투맨', 'TOP', { 두께: '두꺼움' });
    const thick = dress([sweatshirt, garment('반바지', 'BOTTOM')], hot, [sweatshirt]);
    expect(reasons(thick)['맨투맨']).toBe('체감 31°C · 맨투맨');
  });
});

describe('rain and snow', () => {
  it('chooses waterproof shoes and outer when the closet has them and says they keep the user dry', () => {
    const closet = [
      garment('네이비 자켓', 'OUTER', { 방수: '예' }),
      garment('베이지 트렌치코트', 'OUTER'),
      garment('화이트 셔츠', 'TOP'),
      garment('블랙 슬랙스', 'BOTTOM'),
      garment('가죽 로퍼', 'SHOES'),
      garment('레인부츠', 'SHOES'),
      garment('장우산', 'ACCESSORY'),
    ];
    const r = dress(closet, rainy(14));
    const why = reasons(r);
    expect(Object.keys(why).sort()).toEqual(
      ['네이비 자켓', '레인부츠', '블랙 슬랙스', '장우산', '화이트 셔츠'].sort(),
    );
    expect(why['레인부츠']).toBe('비 오는 날에도 젖지 않는 방수 레인부츠');
    expect(why['네이비 자켓']).toBe('비를 막아 주는 방수 네이비 자켓');
    expect(why['장우산']).toBe('비 소식이 있어 챙긴 우산');
    expect(buildReason(r, closet.length)).toBe('체감 14°C, 비 소식이 있어요 · 방수 아우터와 신발을 골랐어요');
  });

  it('says what to do instead when the closet has no waterproof shoes and no umbrella', () => {
    const closet = [
      garment('베이지 트렌치코트', 'OUTER'),
      garment('화이트 셔츠', 'TOP'),
      garment('블랙 슬랙스', 'BOTTOM'),
      garment('가죽 로퍼', 'SHOES'),
    ];
    const reason = buildReason(dress(closet, rainy(14)), closet.length);
    expect(reason).toContain('방수 신발이 없어요 — 젖어도 괜찮은 신발을 신으세요');
    expect(reason).toContain('우산을 챙기세요');
    // A dry day says neither.
    const dry = buildReason(dress(closet, day(14)), closet.length);
    expect(dry).not.toMatch(/우산|젖어도/);
  });

  it('says boots suit the snow, and asks for an umbrella in the snow too', () => {
    const snowy = day(-3, { precipitationType: 'SNOW', precipitationProbability: 90, month: 1 });
    const closet = [
      garment('블랙 롱패딩', 'OUTER'),
      garment('니트', 'TOP'),
      garment('청바지', 'BOTTOM'),
      garment('첼시 부츠', 'SHOES'),
    ];
    const r = dress(closet, snowy);
    expect(reasons(r)['첼시 부츠']).toBe('눈길에 든든한 부츠');
    const reason = buildReason(r, closet.length);
    expect(reason).not.toContain('방수 신발이 없어요');
    expect(reason).toContain('우산을 챙기세요');
  });
});

describe('matches name a piece with a reason of its own', () => {
  it('explains the top by the named outer and the bottom by the top, never top and bottom by each other', () => {
    const closet = [
      garment('네이비 코트', 'OUTER'),
      garment('베이지 니트', 'TOP'),
      garment('그레이 슬랙스', 'BOTTOM'),
      garment('블랙 구두', 'SHOES'),
    ];
    const why = reasons(dress(closet, day(8)));
    expect(why['네이비 코트']).toMatch(/^체감 8°C · .*네이비 코트$/);
    expect(why['베이지 니트']).toBe('네이비 코트와 어울리는 베이지 니트');
    expect(why['그레이 슬랙스']).toBe('베이지 니트와 어울리는 그레이 슬랙스');
    expect(why['블랙 구두']).toBe('그레이 슬랙스와 어울리는 블랙 구두');
  });

  it('gives the top a reason of its own when there is no outer to match', () => {
    const closet = [
      garment('스카이블루 셔츠', 'TOP'),
      garment('카키 면바지', 'BOTTOM'),
      garment('화이트 스니커즈', 'SHOES'),
    ];
    const r = dress(closet, day(24, { month: 6, humidity: 55 }));
    const why = reasons(r);
    expect(why['스카이블루 셔츠']).toBe('체감 24°C · 시원한 블루 셔츠');
    expect(why['카키 면바지']).toBe('블루 셔츠와 어울리는 카키 면바지');
    expect(why['화이트 스니커즈']).toBe('카키 면바지와 어울리는 화이트 스니커즈');
  });
});
