import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecommendationDto, type ClothesType } from '@otboo/contract';
import {
  attributeDefs,
  clothes,
  clothesAttributes,
  feedClothes,
  feeds,
  profiles,
  weatherForecasts,
} from '../../src/db/schema/index.js';
import { insertClothesRow, insertWeatherRow } from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

// The weather and closet APIs are built alongside this one, so forecasts, garments and posts are written straight
// into the database here; the recommender reads those tables itself.

type WeatherValues = Partial<typeof weatherForecasts.$inferInsert>;

/** This suite's neutral day: mild, calm and cloudy; tests override what they vary. */
const NEUTRAL_DAY: WeatherValues = {
  forecastDate: '2026-01-15',
  skyStatus: 'CLOUDY',
  humidity: 50,
  humidityComparedToDayBefore: 0,
  temperatureCurrent: 10,
  temperatureMin: 8,
  temperatureMax: 12,
  temperatureComparedToDayBefore: 0,
  windSpeed: 1,
};

const insertWeather = async (server: TestServer, values: WeatherValues = {}): Promise<string> =>
  (await insertWeatherRow(server, { ...NEUTRAL_DAY, ...values })).id;

/** A summer day (KMA summer formula: 55 % humidity keeps the apparent temperature at the air temperature). */
const summerDay = (temperature: number, values: WeatherValues = {}): WeatherValues => ({
  forecastDate: '2026-07-20',
  humidity: 55,
  temperatureCurrent: temperature,
  temperatureMin: temperature - 3,
  temperatureMax: temperature + 3,
  ...values,
});
/** A calm winter day (no wind chill below 1.3 m/s). */
const winterDay = (temperature: number, values: WeatherValues = {}): WeatherValues => ({
  forecastDate: '2026-01-20',
  windSpeed: 1,
  temperatureCurrent: temperature,
  temperatureMin: temperature - 3,
  temperatureMax: temperature + 3,
  ...values,
});

interface GarmentSeed {
  name: string;
  type: ClothesType;
  attributes?: Record<string, string>;
  imageKey?: string;
}

describe('GET /api/recommendations', () => {
  let server: TestServer;
  let http: HttpClient;
  let defs: Record<string, { id: string; selectableValues: string[] }>;

  async function addClothes(owner: TestUser, seeds: GarmentSeed[]): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    for (const seed of seeds) {
      const row = await insertClothesRow(server, owner.id, {
        name: seed.name,
        type: seed.type,
        imageKey: seed.imageKey ?? null,
        thumbnailKey: seed.imageKey ? seed.imageKey.replace('.webp', '-thumb.webp') : null,
        attributes: Object.entries(seed.attributes ?? {}).map(([name, value]) => ({
          definitionId: defs[name]!.id,
          value,
        })),
      });
      ids[seed.name] = row.id;
    }
    return ids;
  }

  async function post(author: TestUser, weatherId: string, clothesIds: string[], createdAt: Date) {
    const [feed] = await server.database.db
      .insert(feeds)
      .values({
        authorId: author.id,
        weatherId,
        skyStatus: 'CLEAR',
        precipitationType: 'NONE',
        content: '오늘의 OOTD',
        createdAt,
      })
      .returning({ id: feeds.id });
    await server.database.db.insert(feedClothes).values(
      clothesIds.map((clothesId, position) => ({
        feedId: feed!.id,
        position,
        clothesId,
        name: '옷',
        type: 'TOP',
      })),
    );
  }

  async function setSensitivity(user: TestUser, value: number) {
    await server.database.db
      .update(profiles)
      .set({ temperatureSensitivity: value })
      .where(eq(profiles.userId, user.id));
  }

  async function recommendFor(user: TestUser, weatherId: string): Promise<RecommendationDto> {
    const res = await http.get('/api/recommendations', { token: user.accessToken, query: { weatherId } });
    expect(res.status).toBe(200);
    // The body must match the contract exactly.
    return RecommendationDto.parse(res.body);
  }

  const namesOf = (r: RecommendationDto) => r.clothes.map((c) => c.name).sort();

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    // The server may have offered the default definitions already; use those, or add what is missing.
    defs = {};
    for (const [name, values] of [
      ['두께', ['얇음', '보통', '두꺼움']],
      ['계절', ['봄', '여름', '가을', '겨울']],
      ['소재', ['린넨', '면', '울', '니트', '패딩(다운)', '플리스', '가죽', '스웨이드', '캔버스', '나일론']],
      ['방수', ['예', '아니오']],
      ['색상', ['블랙', '화이트', '네이비', '베이지', '그레이', '레드', '그린', '옐로우']],
      ['스타일', ['캐주얼', '포멀', '스포티', '미니멀']],
    ] as const) {
      const columns = { id: attributeDefs.id, selectableValues: attributeDefs.selectableValues };
      const [existing] = await server.database.db
        .select(columns)
        .from(attributeDefs)
        .where(eq(attributeDefs.name, name));
      const [row] = existing
        ? [existing]
        : await server.database.db
            .insert(attributeDefs)
            .values({ name, selectableValues: [...values] })
            .returning(columns);
      defs[name] = row!;
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('access and input', () => {
    it('answers 401 without a token or with a bad one', async () => {
      const weatherId = await insertWeather(server);
      const none = await http.get('/api/recommendations', { query: { weatherId } });
      expect(none.status).toBe(401);
      expect(none.body).toMatchObject({
        exceptionName: expect.any(String),
        message: '로그인이 필요합니다.',
        details: {},
      });
      const bad = await http.get('/api/recommendations', { token: 'not-a-jwt', query: { weatherId } });
      expect(bad.status).toBe(401);
    });

    it('answers 400 with a Korean message for a missing, malformed, huge or repeated weatherId', async () => {
      const user = await createUser(server);
      for (const query of [
        {},
        { weatherId: '' },
        { weatherId: 'abc' },
        { weatherId: 12345 },
        { weatherId: `${randomUUID()}x` },
        { weatherId: 'a'.repeat(5000) },
      ]) {
        const res = await http.get('/api/recommendations', { token: user.accessToken, query });
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.exceptionName).toBe('InvalidInputException');
        expect(res.body.message).toMatch(/[가-힣]/);
        expect(Object.keys(res.body.details)).toContain('weatherId');
      }
      const id = randomUUID();
      const repeated = await http.get(`/api/recommendations?weatherId=${id}&weatherId=${id}`, {
        token: user.accessToken,
      });
      expect(repeated.status).toBe(400);
    });

    it('answers 404 with a Korean message for an unknown weather id', async () => {
      const user = await createUser(server);
      const res = await http.get('/api/recommendations', {
        token: user.accessToken,
        query: { weatherId: randomUUID() },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        exceptionName: 'WeatherNotFoundException',
        message: '날씨 정보를 찾을 수 없습니다.',
        details: {},
      });
    });

    it('accepts an upper-case id and answers with the stored (lower-case) id', async () => {
      const user = await createUser(server);
      const weatherId = await insertWeather(server);
      const res = await http.get('/api/recommendations', {
        token: user.accessToken,
        query: { weatherId: weatherId.toUpperCase() },
      });
      expect(res.status).toBe(200);
      expect(res.body.weatherId).toBe(weatherId);
    });
  });

  describe('what it recommends', () => {
    it('answers an empty closet with no clothes and a reason saying so', async () => {
      const user = await createUser(server);
      const weatherId = await insertWeather(server, winterDay(3));
      const r = await recommendFor(user, weatherId);
      expect(r).toEqual({
        weatherId,
        userId: user.id,
        clothes: [],
        reason: '체감 3°C · 옷장에 등록된 옷이 없어요',
        excludedClothesIds: [],
        personalTemperature: 3,
      });
    });

    it("uses only the caller's own clothes, never another user's", async () => {
      const alice = await createUser(server);
      const bob = await createUser(server);
      const aliceIds = await addClothes(alice, [
        { name: '앨리스 롱패딩', type: 'OUTER' },
        { name: '앨리스 니트', type: 'TOP' },
        { name: '앨리스 청바지', type: 'BOTTOM' },
      ]);
      // Bob's closet is better suited and bigger: it must still never show up for Alice.
      const bobIds = await addClothes(bob, [
        { name: '밥 롱패딩', type: 'OUTER' },
        { name: '밥 기모 맨투맨', type: 'TOP' },
        { name: '밥 기모 바지', type: 'BOTTOM' },
        { name: '밥 어그부츠', type: 'SHOES' },
        { name: '밥 목도리', type: 'SCARF' },
        { name: '밥 비니', type: 'HAT' },
      ]);
      const weatherId = await insertWeather(server, winterDay(-5));
      for (let i = 0; i < 4; i++) {
        const forAlice = await recommendFor(alice, weatherId);
        expect(forAlice.userId).toBe(alice.id);
        for (const c of forAlice.clothes) expect(Object.values(aliceIds)).toContain(c.clothesId);
        const forBob = await recommendFor(bob, weatherId);
        expect(forBob.userId).toBe(bob.id);
        for (const c of forBob.clothes) expect(Object.values(bobIds)).toContain(c.clothesId);
      }
    });

    it('answers the OOTD shape: attributes with their definitions, image and thumbnail URLs', async () => {
      const user = await createUser(server);
      const imageKey = `clothes/${randomUUID()}.webp`;
      const ids = await addClothes(user, [
        { name: '울 코트', type: 'OUTER', attributes: { 두께: '두꺼움', 소재: '울' }, imageKey },
        { name: '니트', type: 'TOP' },
        { name: '슬랙스', type: 'BOTTOM' },
      ]);
      const weatherId = await insertWeather(server, winterDay(6));
      const r = await recommendFor(user, weatherId);
      const coat = r.clothes.find((c) => c.clothesId === ids['울 코트']);
      expect(coat).toEqual({
        clothesId: ids['울 코트'],
        name: '울 코트',
        reason: expect.stringMatching(/[가-힣]/),
        type: 'OUTER',
        imageUrl: `/files/${imageKey}`,
        thumbnailUrl: `/files/${imageKey.replace('.webp', '-thumb.webp')}`,
        attributes: expect.arrayContaining([
          {
            definitionId: defs['두께']!.id,
            definitionName: '두께',
            selectableValues: defs['두께']!.selectableValues,
            value: '두꺼움',
          },
          {
            definitionId: defs['소재']!.id,
            definitionName: '소재',
            selectableValues: defs['소재']!.selectableValues,
            value: '울',
          },
        ]),
      });
      expect(coat!.attributes).toHaveLength(2);
      const knit = r.clothes.find((c) => c.name === '니트');
      expect(knit).toMatchObject({ imageUrl: null, thumbnailUrl: null, attributes: [] });
    });

    it('dresses for the cold with a thick outer and warm accessories, and for the heat with light clothes', async () => {
      const user = await createUser(server);
      await addClothes(user, [
        { name: '롱패딩', type: 'OUTER' },
        { name: '린넨 셔츠', type: 'TOP' },
        { name: '민소매 티', type: 'TOP' },
        { name: '기모 맨투맨', type: 'TOP' },
        { name: '반바지', type: 'BOTTOM' },
        { name: '기모 바지', type: 'BOTTOM' },
        { name: '샌들', type: 'SHOES' },
        { name: '털부츠', type: 'SHOES' },
        { name: '목도리', type: 'SCARF' },
        { name: '비니', type: 'HAT' },
        { name: '가죽 장갑', type: 'ACCESSORY' },
      ]);
      const cold = await recommendFor(
        user,
        await insertWeather(server, winterDay(-6, { windSpeed: 6, windAsWord: 'MODERATE' })),
      );
      expect(namesOf(cold)).toEqual(
        ['가죽 장갑', '기모 맨투맨', '기모 바지', '롱패딩', '목도리', '비니', '털부츠'].sort(),
      );
      expect(cold.reason).toMatch(/^체감 -1[0-9]°C/);
      expect(cold.reason).toContain('두꺼운 아우터를 골랐어요');

      const hot = await recommendFor(user, await insertWeather(server, summerDay(31)));
      expect(hot.clothes.map((c) => c.name)).toEqual(expect.arrayContaining(['반바지', '샌들']));
      expect(namesOf(hot)).not.toContain('롱패딩');
      expect(namesOf(hot)).not.toContain('기모 맨투맨');
      expect(hot.reason).toBe('체감 31°C · 시원한 옷으로 골랐어요');
    });

    it('picks waterproof outer and shoes on a rainy day and says so', async () => {
      const user = await createUser(server);
      await addClothes(user, [
        { name: '트렌치코트', type: 'OUTER' },
        { name: '자켓', type: 'OUTER', attributes: { 방수: '예' } },
        { name: '셔츠', type: 'TOP' },
        { name: '슬랙스', type: 'BOTTOM' },
        { name: '스니커즈', type: 'SHOES', attributes: { 소재: '캔버스' } },
        { name: '레인부츠', type: 'SHOES' },
        { name: '장우산', type: 'ACCESSORY' },
      ]);
      const weatherId = await insertWeather(
        server,
        winterDay(11, {
          forecastDate: '2026-04-10',
          precipitationType: 'RAIN',
          precipitationProbability: 90,
          precipitationAmount: 12,
        }),
      );
      const r = await recommendFor(user, weatherId);
      expect(namesOf(r)).toEqual(['레인부츠', '셔츠', '슬랙스', '자켓', '장우산'].sort());
      expect(r.reason).toBe('체감 11°C, 비 소식이 있어요 · 방수 아우터와 신발을 골랐어요');
    });

    it('says what is missing when the closet cannot make a complete outfit', async () => {
      const user = await createUser(server);
      await addClothes(user, [
        { name: '긴팔 티셔츠', type: 'TOP' },
        { name: '청바지', type: 'BOTTOM' },
      ]);
      const weatherId = await insertWeather(server, winterDay(7));
      const r = await recommendFor(user, weatherId);
      expect(namesOf(r)).toEqual(['긴팔 티셔츠', '청바지'].sort());
      expect(r.reason).toBe('체감 7°C · 따뜻하게 입으세요 · 아우터가 없어요 — 옷장에 아우터를 추가해보세요');

      // A short-sleeved top is no top for 7 °C: the best partial outfit, and the reason says what is missing.
      const summerOnly = await createUser(server);
      await addClothes(summerOnly, [
        { name: '반팔 티셔츠', type: 'TOP' },
        { name: '청바지', type: 'BOTTOM' },
        { name: '샌들', type: 'SHOES' },
      ]);
      const partial = await recommendFor(summerOnly, weatherId);
      expect(namesOf(partial)).toEqual(['청바지']);
      expect(partial.reason).toBe(
        '체감 7°C · 따뜻하게 입으세요 · 날씨에 맞는 상의가 없어요, 아우터가 없어요, 날씨에 맞는 신발이 없어요 — 옷장에 아우터를 추가해보세요',
      );
    });

    it("follows the profile's temperature sensitivity", async () => {
      const user = await createUser(server);
      await addClothes(user, [
        { name: '자켓', type: 'OUTER' },
        { name: '반팔 티셔츠', type: 'TOP' },
        { name: '맨투맨', type: 'TOP' },
        { name: '면바지', type: 'BOTTOM' },
      ]);
      // 18 °C: a neutral person needs no outer; one who feels cold easily dresses as for 15.5 °C.
      const weatherId = await insertWeather(
        server,
        summerDay(18, { forecastDate: '2026-05-10', temperatureMin: 15, temperatureMax: 21 }),
      );
      await setSensitivity(user, 0);
      const chilly = await recommendFor(user, weatherId);
      expect(namesOf(chilly)).toEqual(['맨투맨', '면바지', '자켓'].sort());
      expect(chilly.reason).toContain('추위를 잘 타는 편이라');

      const other = await createUser(server);
      await addClothes(other, [
        { name: '자켓', type: 'OUTER' },
        { name: '반팔 티셔츠', type: 'TOP' },
        { name: '맨투맨', type: 'TOP' },
        { name: '면바지', type: 'BOTTOM' },
      ]);
      await setSensitivity(other, 5);
      const warm = await recommendFor(other, weatherId);
      expect(namesOf(warm)).not.toContain('자켓');
      expect(warm.reason).toContain('더위를 잘 타는 편이라');
    });
  });

  describe('freshness', () => {
    it('sees every closet change at once: added, renamed, re-attributed and deleted garments, renamed definitions', async () => {
      const user = await createUser(server);
      const ids = await addClothes(user, [
        { name: '반팔 티셔츠', type: 'TOP', attributes: { 소재: '면' } },
        { name: '반바지', type: 'BOTTOM' },
      ]);
      // A new forecast row each time, so "다른 옷 추천" rotation plays no part.
      const ask = async () => recommendFor(user, await insertWeather(server, summerDay(29)));
      expect(namesOf(await ask())).toEqual(['반바지', '반팔 티셔츠']);

      await addClothes(user, [{ name: '샌들', type: 'SHOES' }]);
      expect(namesOf(await ask())).toEqual(['반바지', '반팔 티셔츠', '샌들']);

      // The closet API bumps updated_at on every change to a garment or its attributes; so do these writes.
      const touch = () => ({ updatedAt: new Date(Date.now() + 1000) });
      await server.database.db
        .update(clothes)
        .set({ name: '반팔 셔츠', ...touch() })
        .where(eq(clothes.id, ids['반팔 티셔츠']!));
      expect(namesOf(await ask())).toEqual(['반바지', '반팔 셔츠', '샌들']);

      await server.database.db
        .update(clothesAttributes)
        .set({ value: '린넨' })
        .where(eq(clothesAttributes.clothesId, ids['반팔 티셔츠']!));
      await server.database.db
        .update(clothes)
        .set({ updatedAt: new Date(Date.now() + 2000) })
        .where(eq(clothes.id, ids['반팔 티셔츠']!));
      const top = (await ask()).clothes.find((c) => c.clothesId === ids['반팔 티셔츠']);
      expect(top!.attributes).toEqual([expect.objectContaining({ definitionName: '소재', value: '린넨' })]);

      await server.database.db.delete(clothes).where(eq(clothes.id, ids['반바지']!));
      const afterDelete = await ask();
      expect(namesOf(afterDelete)).toEqual(['반팔 셔츠', '샌들']);
      expect(afterDelete.reason).toContain('하의가 없어요');

      // A definition renamed by an administrator shows under its new name.
      const other = await createUser(server);
      const [def] = await server.database.db
        .insert(attributeDefs)
        .values({ name: `핏 ${randomUUID().slice(0, 8)}`, selectableValues: ['오버핏', '레귤러핏'] })
        .returning();
      const [shirt] = await server.database.db
        .insert(clothes)
        .values({ ownerId: other.id, name: '반팔 티셔츠', type: 'TOP' })
        .returning();
      await server.database.db
        .insert(clothesAttributes)
        .values({ clothesId: shirt!.id, definitionId: def!.id, value: '오버핏' });
      const before = await recommendFor(other, await insertWeather(server, summerDay(29)));
      expect(before.clothes[0]!.attributes[0]!.definitionName).toBe(def!.name);
      await server.database.db
        .update(attributeDefs)
        .set({ name: `${def!.name} 새이름`, updatedAt: new Date(Date.now() + 3000) })
        .where(eq(attributeDefs.id, def!.id));
      const after = await recommendFor(other, await insertWeather(server, summerDay(29)));
      expect(after.clothes[0]!.attributes[0]!.definitionName).toBe(`${def!.name} 새이름`);
    });

    it('sees a new OOTD post at once', async () => {
      const user = await createUser(server);
      const ids = await addClothes(user, [
        { name: '반팔 티셔츠 A', type: 'TOP' },
        { name: '반팔 티셔츠 B', type: 'TOP' },
        { name: '반바지', type: 'BOTTOM' },
      ]);
      const ask = async () => recommendFor(user, await insertWeather(server, summerDay(29)));
      const chosen = (await ask()).clothes.find((c) => c.type === 'TOP')!.name;
      const other = chosen.endsWith('A') ? '반팔 티셔츠 B' : '반팔 티셔츠 A';
      // Wore the chosen top yesterday: it rests now.
      await post(
        user,
        await insertWeather(server, summerDay(29)),
        [ids[chosen]!],
        new Date(Date.now() - 86_400_000),
      );
      expect(namesOf(await ask())).toContain(other);
    });
  });

  describe('다른 옷 추천 and history', () => {
    it('gives a different complete outfit on each call while alternatives remain, then starts over', async () => {
      const user = await createUser(server);
      await addClothes(user, [
        { name: '반팔 티셔츠 A', type: 'TOP' },
        { name: '반팔 티셔츠 B', type: 'TOP' },
        { name: '반바지 A', type: 'BOTTOM' },
        { name: '반바지 B', type: 'BOTTOM' },
        { name: '샌들', type: 'SHOES' },
        { name: '롱패딩', type: 'OUTER' },
      ]);
      const weatherId = await insertWeather(server, summerDay(29));
      const first = await recommendFor(user, weatherId);
      const second = await recommendFor(user, weatherId);
      for (const r of [first, second]) {
        expect(r.clothes.map((c) => c.type).sort()).toEqual(['BOTTOM', 'SHOES', 'TOP']);
      }
      expect(namesOf(second)).not.toEqual(namesOf(first));
      // Both tops and both bottoms have been shown: the round starts over with the best outfit.
      const third = await recommendFor(user, weatherId);
      expect(namesOf(third)).toEqual(namesOf(first));
      // Another day is its own round.
      const otherDay = await recommendFor(user, await insertWeather(server, summerDay(29)));
      expect(otherDay.clothes).toHaveLength(3);
    });

    it('returns the same outfit again when there is no alternative', async () => {
      const user = await createUser(server);
      await addClothes(user, [
        { name: '반팔 티셔츠', type: 'TOP' },
        { name: '반바지', type: 'BOTTOM' },
      ]);
      const weatherId = await insertWeather(server, summerDay(29));
      const a = await recommendFor(user, weatherId);
      const b = await recommendFor(user, weatherId);
      expect(namesOf(a)).toEqual(['반바지', '반팔 티셔츠']);
      expect(namesOf(b)).toEqual(namesOf(a));
    });

    it('prefers what the user wore before in similar weather and rests what they wore in the last 3 days', async () => {
      const seeds: GarmentSeed[] = [
        { name: '반팔 티셔츠 A', type: 'TOP' },
        { name: '반팔 티셔츠 B', type: 'TOP' },
        { name: '반바지', type: 'BOTTOM' },
      ];
      const now = Date.now();
      const day = await insertWeather(server, summerDay(26, { forecastAt: new Date(now) }));
      const similarPast = await insertWeather(
        server,
        summerDay(25, { forecastAt: new Date(now - 40 * 86_400_000) }),
      );
      const coldPast = await insertWeather(
        server,
        winterDay(0, { forecastAt: new Date(now - 40 * 86_400_000) }),
      );

      for (const favourite of ['반팔 티셔츠 A', '반팔 티셔츠 B']) {
        const other = favourite.endsWith('A') ? '반팔 티셔츠 B' : '반팔 티셔츠 A';
        // Worn twice in similar weather long ago: preferred.
        const fan = await createUser(server);
        const fanIds = await addClothes(fan, seeds);
        await post(fan, similarPast, [fanIds[favourite]!], new Date(now - 40 * 86_400_000));
        await post(fan, similarPast, [fanIds[favourite]!], new Date(now - 30 * 86_400_000));
        // Wears in very different weather do not count.
        await post(fan, coldPast, [fanIds[other]!], new Date(now - 20 * 86_400_000));
        await post(fan, coldPast, [fanIds[other]!], new Date(now - 21 * 86_400_000));
        await post(fan, coldPast, [fanIds[other]!], new Date(now - 22 * 86_400_000));
        expect(namesOf(await recommendFor(fan, day))).toContain(favourite);

        // Worn yesterday: rested, the other one comes first.
        const rester = await createUser(server);
        const resterIds = await addClothes(rester, seeds);
        await post(rester, similarPast, [resterIds[favourite]!], new Date(now - 86_400_000));
        expect(namesOf(await recommendFor(rester, day))).toContain(other);
      }
    });
  });

  describe('reasons per piece', () => {
    it('explains every piece in Korean: the weather it answers to, or the piece it goes with', async () => {
      const user = await createUser(server);
      await addClothes(user, [
        { name: '트렌치코트', type: 'OUTER', attributes: { 색상: '베이지' } },
        { name: '셔츠', type: 'TOP', attributes: { 색상: '화이트' } },
        { name: '슬랙스', type: 'BOTTOM', attributes: { 색상: '네이비' } },
        { name: '레인부츠', type: 'SHOES' },
        { name: '장우산', type: 'ACCESSORY' },
      ]);
      const wet = await recommendFor(
        user,
        await insertWeather(
          server,
          winterDay(11, {
            forecastDate: '2026-04-10',
            precipitationType: 'RAIN',
            precipitationProbability: 90,
          }),
        ),
      );
      const reasonOf = (r: RecommendationDto, name: string) => r.clothes.find((c) => c.name === name)?.reason;
      expect(reasonOf(wet, '레인부츠')).toBe('비 오는 날에도 젖지 않는 방수 레인부츠');
      expect(reasonOf(wet, '장우산')).toBe('비 소식이 있어 챙긴 우산');
      // The top names the outer, the bottom the top: never two pieces only pointing at each other.
      expect(reasonOf(wet, '트렌치코트')).toBe('체감 11°C · 가벼운 베이지 트렌치');
      expect(reasonOf(wet, '셔츠')).toBe('베이지 트렌치와 어울리는 화이트 셔츠');
      expect(reasonOf(wet, '슬랙스')).toBe('화이트 셔츠와 어울리는 네이비 슬랙스');
      // A day whose morning is much colder than its afternoon: the outer is for the morning.
      const ranged = await recommendFor(
        user,
        await insertWeather(
          server,
          summerDay(20, { forecastDate: '2026-10-05', temperatureMin: 9, temperatureMax: 21 }),
        ),
      );
      expect(reasonOf(ranged, '트렌치코트')).toMatch(/^아침 \d+°C · .*트렌치/);
      for (const r of [wet, ranged]) for (const c of r.clothes) expect(c.reason).toMatch(/[가-힣]/);
    });
  });

  describe('이 옷 빼기 (exclusions)', () => {
    const path = '/api/recommendations/exclusions';

    it('answers 401 without a token', async () => {
      const body = { weatherId: randomUUID(), clothesId: randomUUID() };
      expect((await http.post(path, { json: body })).status).toBe(401);
      expect((await http.delete(path, { query: body })).status).toBe(401);
    });

    it("answers 403 for another user's garment and 404 for an unknown forecast or garment", async () => {
      const alice = await createUser(server);
      const bob = await createUser(server);
      const { 니트: bobs } = await addClothes(bob, [{ name: '니트', type: 'TOP' }]);
      const { 니트: alices } = await addClothes(alice, [{ name: '니트', type: 'TOP' }]);
      const weatherId = await insertWeather(server);
      const token = alice.accessToken;
      for (const send of [
        (json: object) => http.post(path, { token, json }),
        (json: Record<string, string>) => http.delete(path, { token, query: json }),
      ]) {
        const other = await send({ weatherId, clothesId: bobs! });
        expect(other.status).toBe(403);
        expect(other.body).toEqual({
          exceptionName: 'ClothesForbiddenException',
          message: '본인의 옷만 추천에서 뺄 수 있습니다.',
          details: {},
        });
        const noWeather = await send({ weatherId: randomUUID(), clothesId: alices! });
        expect(noWeather.status).toBe(404);
        expect(noWeather.body.message).toBe('날씨 정보를 찾을 수 없습니다.');
        const noClothes = await send({ weatherId, clothesId: randomUUID() });
        expect(noClothes.status).toBe(404);
        expect(noClothes.body).toMatchObject({
          exceptionName: 'ClothesNotFoundException',
          message: '옷을 찾을 수 없습니다.',
        });
      }
      // A garment deleted since: 404, and its exclusions went with it.
      expect((await http.post(path, { token, json: { weatherId, clothesId: alices } })).status).toBe(204);
      await server.database.db.delete(clothes).where(eq(clothes.id, alices!));
      expect((await http.post(path, { token, json: { weatherId, clothesId: alices } })).status).toBe(404);
      expect((await recommendFor(alice, weatherId)).excludedClothesIds).toEqual([]);
      // Bob's garment is untouched by Alice's attempts.
      expect((await recommendFor(bob, weatherId)).clothes.map((c) => c.clothesId)).toEqual([bobs]);
    });

    it('answers 400 with a Korean message for missing or wrongly typed ids', async () => {
      const user = await createUser(server);
      const token = user.accessToken;
      const valid = { weatherId: randomUUID(), clothesId: randomUUID() };
      for (const json of [
        {},
        { weatherId: valid.weatherId },
        { ...valid, clothesId: 'abc' },
        { ...valid, weatherId: 12345 },
        { ...valid, clothesId: null },
        { ...valid, clothesId: ['x'] },
        { ...valid, weatherId: 'a'.repeat(5000) },
      ]) {
        const res = await http.post(path, { token, json });
        expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
        expect(res.body.exceptionName).toBe('InvalidInputException');
        expect(res.body.message).toMatch(/[가-힣]/);
      }
      for (const json of ['not an object', [], null]) {
        const res = await http.post(path, { token, json });
        expect(res.status, JSON.stringify(json)).toBe(400);
        expect(res.body.message).toMatch(/[가-힣]/);
      }
      const noQuery = await http.delete(path, { token, query: { weatherId: valid.weatherId } });
      expect(noQuery.status).toBe(400);
      expect(noQuery.body.message).toMatch(/[가-힣]/);
      expect(Object.keys(noQuery.body.details)).toContain('clothesId');
    });

    it('takes a garment out of that day only, idempotently, lists it, and puts it back on DELETE', async () => {
      const user = await createUser(server);
      const ids = await addClothes(user, [
        { name: '반팔 티셔츠 A', type: 'TOP' },
        { name: '반팔 티셔츠 B', type: 'TOP' },
        { name: '반바지', type: 'BOTTOM' },
      ]);
      const day = await insertWeather(server, summerDay(29));
      const otherDay = await insertWeather(server, summerDay(29));
      const first = await recommendFor(user, day);
      const shown = first.clothes.find((c) => c.type === 'TOP')!;
      const other = shown.name.endsWith('A') ? '반팔 티셔츠 B' : '반팔 티셔츠 A';
      const body = { weatherId: day, clothesId: shown.clothesId! };
      for (let i = 0; i < 2; i++) {
        const res = await http.post(path, { token: user.accessToken, json: body });
        expect(res.status).toBe(204);
        expect(res.body).toBe('');
      }
      // Never proposed again for that day, however often one asks ('다른 옷 추천' included).
      for (let i = 0; i < 4; i++) {
        const r = await recommendFor(user, day);
        expect(r.excludedClothesIds).toEqual([shown.clothesId]);
        expect(r.clothes.map((c) => c.name)).toContain(other);
        expect(r.clothes.map((c) => c.clothesId)).not.toContain(shown.clothesId);
      }
      // Another day still has it.
      expect((await recommendFor(user, otherDay)).excludedClothesIds).toEqual([]);
      // Undo, twice: both 204, and the garment is back.
      for (let i = 0; i < 2; i++)
        expect((await http.delete(path, { token: user.accessToken, query: body })).status).toBe(204);
      const back = await recommendFor(user, day);
      expect(back.excludedClothesIds).toEqual([]);
      // An upper-case id is the same garment.
      const upper = { weatherId: day.toUpperCase(), clothesId: ids['반바지']!.toUpperCase() };
      expect((await http.post(path, { token: user.accessToken, json: upper })).status).toBe(204);
      expect((await recommendFor(user, day)).excludedClothesIds).toEqual([ids['반바지']]);
      expect((await recommendFor(user, day)).reason).toContain('하의');
    });

    it('counts garments taken out often against them on other days', async () => {
      const user = await createUser(server);
      const ids = await addClothes(user, [
        { name: '반팔 티셔츠 A', type: 'TOP' },
        { name: '반팔 티셔츠 B', type: 'TOP' },
        { name: '반바지', type: 'BOTTOM' },
      ]);
      const probe = await recommendFor(user, await insertWeather(server, summerDay(29)));
      const usual = probe.clothes.find((c) => c.type === 'TOP')!;
      const other = usual.name.endsWith('A') ? '반팔 티셔츠 B' : '반팔 티셔츠 A';
      for (let i = 0; i < 3; i++) {
        const past = await insertWeather(server, summerDay(29));
        const res = await http.post(path, {
          token: user.accessToken,
          json: { weatherId: past, clothesId: ids[usual.name] },
        });
        expect(res.status).toBe(204);
      }
      const next = await recommendFor(user, await insertWeather(server, summerDay(29)));
      expect(next.clothes.map((c) => c.name)).toContain(other);
      expect(next.excludedClothesIds).toEqual([]);
    });
  });

  describe('learning from posted OOTDs', () => {
    it('prefers the styles and colours the user wears in similar weather, never over rain safety', async () => {
      const now = Date.now();
      const similarPast = await insertWeather(
        server,
        summerDay(25, { forecastAt: new Date(now - 40 * 86_400_000) }),
      );
      // Cloudy: no hat is recommended, so the hats the user wore count only through their style and colour.
      const day = await insertWeather(server, summerDay(26, { forecastAt: new Date(now) }));
      const seeds: GarmentSeed[] = [
        { name: '페도라', type: 'HAT', attributes: { 스타일: '포멀', 색상: '네이비' } },
        { name: '볼캡', type: 'HAT', attributes: { 스타일: '스포티', 색상: '옐로우' } },
        // Never worn, equally warm: they differ only in style and colour.
        { name: '반팔 셔츠', type: 'TOP', attributes: { 스타일: '포멀', 색상: '네이비' } },
        { name: '반팔 티', type: 'TOP', attributes: { 스타일: '스포티', 색상: '옐로우' } },
        { name: '반바지', type: 'BOTTOM', attributes: { 색상: '베이지' } },
      ];
      for (const [habit, expected] of [
        ['페도라', '반팔 셔츠'],
        ['볼캡', '반팔 티'],
      ] as const) {
        const user = await createUser(server);
        const ids = await addClothes(user, seeds);
        for (let i = 0; i < 3; i++)
          await post(user, similarPast, [ids[habit]!], new Date(now - (40 + i) * 86_400_000));
        const r = await recommendFor(user, day);
        expect(namesOf(r), habit).toEqual(['반바지', expected].sort());
      }

      // Rain: the favourite canvas sneakers stay home when rain boots fit.
      const rainy = await insertWeather(
        server,
        summerDay(22, {
          forecastDate: '2026-06-20',
          precipitationType: 'RAIN',
          precipitationProbability: 90,
        }),
      );
      const fan = await createUser(server);
      const fanIds = await addClothes(fan, [
        { name: '긴팔 티셔츠', type: 'TOP' },
        { name: '면바지', type: 'BOTTOM' },
        { name: '캔버스 스니커즈', type: 'SHOES', attributes: { 소재: '캔버스' } },
        { name: '레인부츠', type: 'SHOES' },
      ]);
      const rainPast = await insertWeather(
        server,
        summerDay(22, { forecastAt: new Date(now - 50 * 86_400_000), precipitationType: 'RAIN' }),
      );
      for (let i = 0; i < 5; i++)
        await post(fan, rainPast, [fanIds['캔버스 스니커즈']!], new Date(now - (50 + i) * 86_400_000));
      const wet = await recommendFor(fan, rainy);
      expect(wet.clothes.map((c) => c.name)).toContain('레인부츠');
      expect(wet.clothes.map((c) => c.name)).not.toContain('캔버스 스니커즈');
    });
  });
});
