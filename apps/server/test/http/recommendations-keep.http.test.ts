import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecommendationDto, type ClothesType } from '@otboo/contract';
import { attributeDefs, clothes } from '../../src/db/schema/index.js';
import { insertClothesRow, insertWeatherRow } from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

// '이 옷 빼기' swaps one piece (keepClothesIds, docs/api.md §10), the outfit of a day stays until the user asks for
// another (current=true), and a rainy day's reasons (docs/recommendations.md §6). Forecasts and garments are
// written straight into the database, as in recommendations.http.test.ts.

/** A mild, calm, cloudy autumn day: an outer is required (band 4). */
const MILD_DAY = {
  forecastDate: '2026-10-15',
  skyStatus: 'CLOUDY' as const,
  humidity: 50,
  temperatureCurrent: 14,
  temperatureMin: 11,
  temperatureMax: 16,
  windSpeed: 1,
  precipitationType: 'NONE' as const,
  precipitationProbability: 0,
};

interface Seed {
  name: string;
  type: ClothesType;
  attributes?: Record<string, string>;
}

/** A closet with two of each main piece, so that each can be swapped for another. */
const CLOSET: Seed[] = [
  { name: '베이지 트렌치코트', type: 'OUTER' },
  { name: '네이비 자켓', type: 'OUTER' },
  { name: '화이트 셔츠', type: 'TOP' },
  { name: '그레이 니트', type: 'TOP' },
  { name: '블랙 슬랙스', type: 'BOTTOM' },
  { name: '네이비 면바지', type: 'BOTTOM' },
  { name: '화이트 스니커즈', type: 'SHOES' },
  { name: '블랙 로퍼', type: 'SHOES' },
];

describe('GET /api/recommendations: keeping pieces and a stable outfit', () => {
  let server: TestServer;
  let http: HttpClient;
  let defs: Record<string, string>;
  const exclusions = '/api/recommendations/exclusions';

  async function addClothes(owner: TestUser, seeds: Seed[]): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    for (const seed of seeds) {
      const row = await insertClothesRow(server, owner.id, {
        name: seed.name,
        type: seed.type,
        attributes: Object.entries(seed.attributes ?? {}).map(([name, value]) => ({
          definitionId: defs[name]!,
          value,
        })),
      });
      ids[seed.name] = row.id;
    }
    return ids;
  }

  const get = (user: TestUser, query: Record<string, string | boolean | undefined>) =>
    http.get('/api/recommendations', { token: user.accessToken, query });

  async function ok(user: TestUser, query: Record<string, string | boolean>): Promise<RecommendationDto> {
    const res = await get(user, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return RecommendationDto.parse(res.body);
  }

  const idsOf = (r: RecommendationDto) => r.clothes.map((c) => c.clothesId!);
  const outfitOf = (r: RecommendationDto) => idsOf(r).sort().join(',');

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    defs = {};
    for (const [name, values] of [
      ['두께', ['얇음', '보통', '두꺼움']],
      ['방수', ['예', '아니오']],
    ] as const) {
      const [existing] = await server.database.db
        .select({ id: attributeDefs.id })
        .from(attributeDefs)
        .where(eq(attributeDefs.name, name));
      const [row] = existing
        ? [existing]
        : await server.database.db
            .insert(attributeDefs)
            .values({ name, selectableValues: [...values] })
            .returning({ id: attributeDefs.id });
      defs[name] = row!.id;
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('keepClothesIds: bad input', () => {
    it('answers 401 without a token', async () => {
      const weatherId = (await insertWeatherRow(server, MILD_DAY)).id;
      const res = await http.get('/api/recommendations', {
        query: { weatherId, keepClothesIds: randomUUID() },
      });
      expect(res.status).toBe(401);
    });

    it('answers 400 in Korean for malformed, too many or huge ids and a bad current flag', async () => {
      const user = await createUser(server);
      const weatherId = (await insertWeatherRow(server, MILD_DAY)).id;
      for (const query of [
        { weatherId, keepClothesIds: 'abc' },
        { weatherId, keepClothesIds: `${randomUUID()},abc` },
        { weatherId, keepClothesIds: Array.from({ length: 13 }, () => randomUUID()).join(',') },
        { weatherId, keepClothesIds: 'a'.repeat(10_000) },
        { weatherId, current: 'yes' },
      ]) {
        const res = await get(user, query);
        expect(res.status, JSON.stringify(query).slice(0, 80)).toBe(400);
        expect(res.body.exceptionName).toBe('InvalidInputException');
        expect(res.body.message).toMatch(/[가-힣]/);
        expect(Object.keys(res.body.details).join()).toMatch(/keepClothesIds|current/);
      }
      const tooMany = await get(user, {
        weatherId,
        keepClothesIds: Array.from({ length: 13 }, () => randomUUID()).join(','),
      });
      expect(tooMany.body.message).toBe('남길 옷 목록은 최대 12개까지 보낼 수 있습니다.');
    });

    it("answers 404 for an unknown garment, 403 for another user's, 409 for one taken out, and changes nothing", async () => {
      const alice = await createUser(server);
      const bob = await createUser(server);
      const mine = await addClothes(alice, CLOSET);
      const { 니트: bobs } = await addClothes(bob, [{ name: '니트', type: 'TOP' }]);
      const weatherId = (await insertWeatherRow(server, MILD_DAY)).id;

      const unknown = await get(alice, {
        weatherId,
        keepClothesIds: `${mine['화이트 셔츠']},${randomUUID()}`,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({
        exceptionName: 'ClothesNotFoundException',
        message: '옷을 찾을 수 없습니다.',
      });
      const foreign = await get(alice, { weatherId, keepClothesIds: bobs! });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toEqual({
        exceptionName: 'ClothesForbiddenException',
        message: '본인의 옷만 추천에 남길 수 있습니다.',
        details: {},
      });
      const noWeather = await get(alice, { weatherId: randomUUID(), keepClothesIds: mine['화이트 셔츠']! });
      expect(noWeather.status).toBe(404);
      expect(noWeather.body.message).toBe('날씨 정보를 찾을 수 없습니다.');

      const out = { weatherId, clothesId: mine['그레이 니트']! };
      expect((await http.post(exclusions, { token: alice.accessToken, json: out })).status).toBe(204);
      const excluded = await get(alice, { weatherId, keepClothesIds: mine['그레이 니트']! });
      expect(excluded.status).toBe(409);
      expect(excluded.body).toEqual({
        exceptionName: 'ClothesExcludedException',
        message: '이 날 추천에서 뺀 옷은 남길 수 없습니다. 먼저 되돌려주세요.',
        details: { keepClothesIds: '남길 옷 목록' },
      });
      // Two pieces of one slot, a dress with a top, or a garment never recommended: 400.
      const { 가방: bag, 원피스: dress } = await addClothes(alice, [
        { name: '가방', type: 'BAG' },
        { name: '원피스', type: 'DRESS' },
      ]);
      const sameSlot = await get(alice, {
        weatherId,
        keepClothesIds: `${mine['블랙 슬랙스']},${mine['네이비 면바지']}`,
      });
      expect(sameSlot.status).toBe(400);
      expect(sameSlot.body.message).toBe('같은 자리에 입는 옷은 하나만 남길 수 있습니다.');
      const dressAndTop = await get(alice, { weatherId, keepClothesIds: `${dress},${mine['화이트 셔츠']}` });
      expect(dressAndTop.status).toBe(400);
      const bagKept = await get(alice, { weatherId, keepClothesIds: bag! });
      expect(bagKept.status).toBe(400);
      expect(bagKept.body.message).toBe('추천에 넣지 않는 종류의 옷은 남길 수 없습니다.');

      // Nothing changed: Bob's garment untouched, Alice's exclusions as she left them.
      expect((await ok(bob, { weatherId, current: true })).clothes.map((c) => c.clothesId)).toEqual([bobs]);
      expect((await ok(alice, { weatherId, current: true })).excludedClothesIds).toEqual([
        mine['그레이 니트'],
      ]);
    });
  });

  describe("'이 옷 빼기' swaps one piece", () => {
    it('takes one piece out and keeps the rest: only that piece changes, for another of its kind', async () => {
      const user = await createUser(server);
      await addClothes(user, CLOSET);
      const weatherId = (await insertWeatherRow(server, MILD_DAY)).id;
      let shown = await ok(user, { weatherId, current: true });
      expect(shown.clothes.map((c) => c.type).sort()).toEqual(['BOTTOM', 'OUTER', 'SHOES', 'TOP']);
      // Each piece in turn, as a user would tap '이 옷 빼기' on each card.
      for (const type of ['OUTER', 'TOP', 'BOTTOM', 'SHOES'] as const) {
        const out = shown.clothes.find((c) => c.type === type)!;
        const rest = shown.clothes.filter((c) => c !== out).map((c) => c.clothesId!);
        const body = { weatherId, clothesId: out.clothesId! };
        expect((await http.post(exclusions, { token: user.accessToken, json: body })).status).toBe(204);
        const next = await ok(user, { weatherId, keepClothesIds: rest.join(',') });
        for (const c of shown.clothes.filter((x) => x !== out))
          expect(next.clothes.find((x) => x.type === c.type)?.clothesId, c.name).toBe(c.clothesId);
        const replacement = next.clothes.find((c) => c.type === type)!;
        expect(replacement.clothesId).not.toBe(out.clothesId);
        // Asking again for the day without keeping anything shows the swapped outfit, not a new one.
        expect(outfitOf(await ok(user, { weatherId, current: true }))).toBe(outfitOf(next));
        // Undo puts the piece back in its place.
        expect((await http.delete(exclusions, { token: user.accessToken, query: body })).status).toBe(204);
        const back = await ok(user, { weatherId, current: true });
        expect(outfitOf(back)).toBe(outfitOf(shown));
        shown = back;
      }
    });

    it('reads the parameter repeated as well as comma-separated', async () => {
      const user = await createUser(server);
      const ids = await addClothes(user, CLOSET);
      const weatherId = (await insertWeatherRow(server, MILD_DAY)).id;
      const kept = [ids['네이비 자켓']!, ids['그레이 니트']!];
      const res = await http.get(
        `/api/recommendations?weatherId=${weatherId}&keepClothesIds=${kept[0]}&keepClothesIds=${kept[1]}`,
        { token: user.accessToken },
      );
      expect(res.status).toBe(200);
      expect(idsOf(RecommendationDto.parse(res.body))).toEqual(expect.arrayContaining(kept));
    });

    it('drops the slot and says so when no other piece of its kind may take its place', async () => {
      const user = await createUser(server);
      const ids = await addClothes(user, [
        { name: '자켓', type: 'OUTER' },
        { name: '셔츠', type: 'TOP' },
        { name: '슬랙스', type: 'BOTTOM' },
      ]);
      const weatherId = (await insertWeatherRow(server, MILD_DAY)).id;
      const body = { weatherId, clothesId: ids['셔츠']! };
      expect((await http.post(exclusions, { token: user.accessToken, json: body })).status).toBe(204);
      const r = await ok(user, { weatherId, keepClothesIds: `${ids['자켓']},${ids['슬랙스']}` });
      expect(r.clothes.map((c) => c.name).sort()).toEqual(['슬랙스', '자켓']);
      expect(r.reason).toContain('날씨에 맞는 상의가 없어요');
    });
  });

  describe('the outfit of a day stays', () => {
    it('answers the same outfit until another is asked for, also after looking at another day', async () => {
      const user = await createUser(server);
      await addClothes(user, CLOSET);
      const today = (await insertWeatherRow(server, MILD_DAY)).id;
      const tomorrow = (await insertWeatherRow(server, { ...MILD_DAY, forecastDate: '2026-10-16' })).id;
      const first = await ok(user, { weatherId: today, current: true });
      expect(outfitOf(await ok(user, { weatherId: today, current: true }))).toBe(outfitOf(first));
      await ok(user, { weatherId: tomorrow, current: true });
      await ok(user, { weatherId: tomorrow });
      expect(outfitOf(await ok(user, { weatherId: today, current: true }))).toBe(outfitOf(first));
      // '다른 옷 추천' (the call without current, as the course frontend makes it) moves on, and that one stays.
      const another = await ok(user, { weatherId: today });
      expect(outfitOf(another)).not.toBe(outfitOf(first));
      for (let i = 0; i < 2; i++)
        expect(outfitOf(await ok(user, { weatherId: today, current: true }))).toBe(outfitOf(another));
    });

    it('follows a closet change: a deleted piece gives way, the rest of the outfit is chosen the same way', async () => {
      const user = await createUser(server);
      await addClothes(user, CLOSET);
      const weatherId = (await insertWeatherRow(server, MILD_DAY)).id;
      const first = await ok(user, { weatherId, current: true });
      const top = first.clothes.find((c) => c.type === 'TOP')!;
      await server.database.db.delete(clothes).where(eq(clothes.id, top.clothesId!));
      const after = await ok(user, { weatherId, current: true });
      expect(idsOf(after)).not.toContain(top.clothesId);
      expect(after.clothes.find((c) => c.type === 'TOP')).toBeDefined();
    });
  });

  describe('a rainy day', () => {
    it('chooses the waterproof outer and shoes and says they keep the user dry', async () => {
      const user = await createUser(server);
      await addClothes(user, [
        ...CLOSET,
        { name: '카키 바람막이', type: 'OUTER', attributes: { 방수: '예' } },
        { name: '레인부츠', type: 'SHOES' },
        { name: '장우산', type: 'ACCESSORY' },
      ]);
      const weatherId = (
        await insertWeatherRow(server, {
          ...MILD_DAY,
          precipitationType: 'RAIN',
          precipitationProbability: 80,
        })
      ).id;
      const r = await ok(user, { weatherId, current: true });
      const reasonOf = (name: string) => r.clothes.find((c) => c.name === name)?.reason;
      expect(r.clothes.map((c) => c.name)).toEqual(
        expect.arrayContaining(['카키 바람막이', '레인부츠', '장우산']),
      );
      expect(reasonOf('레인부츠')).toBe('비 오는 날에도 젖지 않는 방수 레인부츠');
      expect(reasonOf('카키 바람막이')).toBe('비를 막아 주는 방수 카키 바람막이');
      expect(reasonOf('장우산')).toBe('비 소식이 있어 챙긴 우산');
      expect(r.reason).toBe('체감 14°C, 비 소식이 있어요 · 방수 아우터와 신발을 골랐어요');
    });

    it('says what to do instead when the closet has no waterproof shoes and no umbrella', async () => {
      const user = await createUser(server);
      await addClothes(user, CLOSET);
      const weatherId = (
        await insertWeatherRow(server, {
          ...MILD_DAY,
          precipitationType: 'RAIN',
          precipitationProbability: 80,
        })
      ).id;
      const r = await ok(user, { weatherId, current: true });
      expect(r.reason).toContain('방수 신발이 없어요 — 젖어도 괜찮은 신발을 신으세요');
      expect(r.reason).toContain('우산을 챙기세요');
    });
  });
});
