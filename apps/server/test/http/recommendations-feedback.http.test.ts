import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalibrationDto, RecommendationDto, type ClothesType, type Feeling } from '@otboo/contract';
import { addDays, seoulParts } from '../../src/lib/seoul-time.js';
import { feedClothes, feeds, notifications, profiles } from '../../src/db/schema/index.js';
import { insertClothesRow, insertWeatherRow } from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../support/start-server.js';

// 'How did it feel?' and the learned temperature shift (docs/api.md §10). Forecasts, garments, posts and morning
// notifications are written straight into the database, as in recommendations.http.test.ts.

/** A calm October day: no wind chill, so the apparent temperature is the air temperature. */
const octoberDay = (temperature: number, forecastDate = '2026-10-15') => ({
  forecastDate,
  skyStatus: 'CLOUDY' as const,
  humidity: 50,
  temperatureCurrent: temperature,
  temperatureMin: temperature - 2,
  temperatureMax: temperature + 2,
  windSpeed: 1,
  precipitationType: 'NONE' as const,
  precipitationProbability: 0,
});

const CLOSET: { name: string; type: ClothesType }[] = [
  { name: '자켓', type: 'OUTER' },
  { name: '반팔 티셔츠', type: 'TOP' },
  { name: '맨투맨', type: 'TOP' },
  { name: '면바지', type: 'BOTTOM' },
];

const FEEDBACK = '/api/recommendations/feedback';
const CALIBRATION = '/api/recommendations/calibration';

describe('how did it feel: POST feedback, GET/DELETE calibration', () => {
  let server: TestServer;
  let http: HttpClient;
  const today = seoulParts(Date.now()).date;

  const weatherOn = async (forecastDate: string, temperature = 15) =>
    (await insertWeatherRow(server, octoberDay(temperature, forecastDate))).id;

  async function answer(user: TestUser, weatherId: string, feeling: Feeling) {
    const res = await http.post(FEEDBACK, { token: user.accessToken, json: { weatherId, feeling } });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
  }

  /** Answers `feeling` for `n` past days (a new forecast day each). */
  async function answerDays(user: TestUser, feeling: Feeling, n: number, from = '2026-09-01') {
    for (let i = 0; i < n; i++) await answer(user, await weatherOn(addDays(from, i)), feeling);
  }

  async function calibration(user: TestUser): Promise<CalibrationDto> {
    const res = await http.get(CALIBRATION, { token: user.accessToken });
    expect(res.status).toBe(200);
    return CalibrationDto.parse(res.body);
  }

  async function recommend(user: TestUser, weatherId: string): Promise<RecommendationDto> {
    const res = await http.get('/api/recommendations', { token: user.accessToken, query: { weatherId } });
    expect(res.status).toBe(200);
    return RecommendationDto.parse(res.body);
  }

  const namesOf = (r: RecommendationDto) => r.clothes.map((c) => c.name).sort();

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('access and input', () => {
    it('answers 401 without a token on every call', async () => {
      const weatherId = await weatherOn('2026-10-01');
      expect((await http.post(FEEDBACK, { json: { weatherId, feeling: 'COLD' } })).status).toBe(401);
      expect((await http.get(CALIBRATION)).status).toBe(401);
      const del = await http.delete(CALIBRATION);
      expect(del.status).toBe(401);
      expect(del.body.message).toBe('로그인이 필요합니다.');
    });

    it('answers 400 in Korean for a bad feeling, a missing or malformed field, an unknown field', async () => {
      const user = await createUser(server);
      const weatherId = await weatherOn('2026-10-01');
      for (const [json, field] of [
        [{ weatherId, feeling: 'FREEZING' }, 'feeling'],
        [{ weatherId, feeling: 'cold' }, 'feeling'],
        [{ weatherId, feeling: 1 }, 'feeling'],
        [{ weatherId }, 'feeling'],
        [{ feeling: 'COLD' }, 'weatherId'],
        [{ weatherId: 'abc', feeling: 'COLD' }, 'weatherId'],
        [{ weatherId: 'a'.repeat(5000), feeling: 'COLD' }, 'weatherId'],
        [{ weatherId, feeling: 'COLD', shiftCelsius: -5 }, null],
        [[{ weatherId, feeling: 'COLD' }], null],
      ] as const) {
        const res = await http.post(FEEDBACK, { token: user.accessToken, json });
        expect(res.status, JSON.stringify(json)).toBe(400);
        expect(res.body.exceptionName).toBe('InvalidInputException');
        expect(res.body.message).toMatch(/[가-힣]/);
        if (field) expect(Object.keys(res.body.details)).toContain(field);
      }
      const unknown = await http.post(FEEDBACK, {
        token: user.accessToken,
        json: { weatherId, feeling: 'COLD', shiftCelsius: -5 },
      });
      expect(unknown.body.message).toBe('알 수 없는 항목이 있습니다: shiftCelsius');
      const freezing = await http.post(FEEDBACK, {
        token: user.accessToken,
        json: { weatherId, feeling: 'FREEZING' },
      });
      expect(freezing.body.message).toBe('옷차림 느낌은 COLD, JUST_RIGHT, HOT 중 하나여야 합니다.');
      expect(await calibration(user)).toMatchObject({ shiftCelsius: 0, samples: 0 });
    });

    it('answers 404 for an unknown forecast and 400 for a day still to come', async () => {
      const user = await createUser(server);
      const unknown = await http.post(FEEDBACK, {
        token: user.accessToken,
        json: { weatherId: randomUUID(), feeling: 'COLD' },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        exceptionName: 'WeatherNotFoundException',
        message: '날씨 정보를 찾을 수 없습니다.',
        details: {},
      });
      const tomorrow = await weatherOn(addDays(today, 1));
      const future = await http.post(FEEDBACK, {
        token: user.accessToken,
        json: { weatherId: tomorrow, feeling: 'HOT' },
      });
      expect(future.status).toBe(400);
      expect(future.body.message).toBe('아직 오지 않은 날의 옷차림은 답할 수 없어요.');
      // Today may be answered.
      await answer(user, await weatherOn(today), 'HOT');
      expect(await calibration(user)).toMatchObject({ shiftCelsius: 1, samples: 1 });
    });
  });

  describe('the shift', () => {
    it('is 0 with no answers', async () => {
      const user = await createUser(server);
      expect(await calibration(user)).toEqual({ shiftCelsius: 0, samples: 0, unansweredDays: [] });
    });

    it('replaces the answer for a day instead of adding one (also through another forecast of that day)', async () => {
      const user = await createUser(server);
      const first = await weatherOn('2026-10-02');
      await answer(user, first, 'COLD');
      await answer(user, first, 'COLD');
      expect(await calibration(user)).toMatchObject({ shiftCelsius: -1, samples: 1 });
      // A later forecast of the same day (another place or refresh) is the same day.
      await answer(user, await weatherOn('2026-10-02', 20), 'HOT');
      expect(await calibration(user)).toMatchObject({ shiftCelsius: 1, samples: 1 });
    });

    it('moves down by at least 1.5 °C after three 추웠어요, and towards 0 with 적당했어요', async () => {
      const user = await createUser(server);
      await answerDays(user, 'COLD', 3);
      const cold = await calibration(user);
      expect(cold.shiftCelsius).toBeLessThanOrEqual(-1.5);
      expect(cold).toMatchObject({ shiftCelsius: -2.4, samples: 3 });
      await answer(user, await weatherOn('2026-09-10'), 'JUST_RIGHT');
      const after = await calibration(user);
      expect(after.samples).toBe(4);
      expect(after.shiftCelsius).toBeGreaterThan(cold.shiftCelsius);
      expect(after.shiftCelsius).toBeLessThan(0);
    });

    it('stays within ±5 °C', async () => {
      const user = await createUser(server);
      await answerDays(user, 'HOT', 30);
      const hot = await calibration(user);
      expect(hot.samples).toBe(30);
      expect(hot.shiftCelsius).toBeLessThanOrEqual(5);
      expect(hot.shiftCelsius).toBeGreaterThanOrEqual(4.9);
    });

    it('goes back to 0 on DELETE, and the answers with it', async () => {
      const user = await createUser(server);
      await answerDays(user, 'COLD', 2);
      expect((await calibration(user)).samples).toBe(2);
      const res = await http.delete(CALIBRATION, { token: user.accessToken });
      expect(res.status).toBe(204);
      expect(await calibration(user)).toMatchObject({ shiftCelsius: 0, samples: 0 });
      // A new answer starts from nothing.
      await answer(user, await weatherOn('2026-09-20'), 'HOT');
      expect(await calibration(user)).toMatchObject({ shiftCelsius: 1, samples: 1 });
      // Resetting twice is fine.
      expect((await http.delete(CALIBRATION, { token: user.accessToken })).status).toBe(204);
      expect((await http.delete(CALIBRATION, { token: user.accessToken })).status).toBe(204);
    });

    it("never changes another user's shift or outfit", async () => {
      const alice = await createUser(server);
      const bob = await createUser(server);
      for (const u of [alice, bob]) for (const g of CLOSET) await insertClothesRow(server, u.id, g);
      const day = await weatherOn('2026-10-20', 17);
      const before = await recommend(bob, day);
      await answerDays(alice, 'COLD', 5);
      expect((await calibration(alice)).shiftCelsius).toBeLessThan(-3);
      expect(await calibration(bob)).toMatchObject({ shiftCelsius: 0, samples: 0 });
      const after = await recommend(bob, day);
      expect(after.personalTemperature).toBe(17);
      expect(namesOf(after)).toEqual(namesOf(before));
      // Alice's reset leaves Bob alone too (and the other way round).
      await answer(bob, day, 'HOT');
      await http.delete(CALIBRATION, { token: alice.accessToken });
      expect(await calibration(bob)).toMatchObject({ shiftCelsius: 1, samples: 1 });
    });
  });

  describe('what the recommendation does with it', () => {
    it('chooses the outfit for the shifted temperature, says so, and tells the temperature', async () => {
      const user = await createUser(server);
      for (const g of CLOSET) await insertClothesRow(server, user.id, g);
      // 17 °C: a neutral person needs no outer; 2.4 °C colder (14.6 °C) an outer is required.
      const day = await weatherOn('2026-10-21', 17);
      const neutral = await recommend(user, day);
      expect(neutral.personalTemperature).toBe(17);
      expect(namesOf(neutral)).not.toContain('자켓');
      expect(neutral.reason).not.toContain('타신다고 하셔서');

      await answerDays(user, 'COLD', 3);
      const shifted = await recommend(user, day);
      expect(shifted.personalTemperature).toBe(14.6);
      expect(namesOf(shifted)).toContain('자켓');
      expect(shifted.reason).toContain('추위를 타신다고 하셔서 2.4°C 더 따뜻하게 골랐어요');

      // The profile's sensitivity comes first, then the shift: 17 − 2.5 − 2.4.
      await server.database.db
        .update(profiles)
        .set({ temperatureSensitivity: 0 })
        .where(eq(profiles.userId, user.id));
      expect((await recommend(user, day)).personalTemperature).toBe(12.1);
      await server.database.db
        .update(profiles)
        .set({ temperatureSensitivity: 2.5 })
        .where(eq(profiles.userId, user.id));

      // After a reset the next recommendation is the neutral one again, at once.
      await http.delete(CALIBRATION, { token: user.accessToken });
      const reset = await recommend(user, day);
      expect(reset.personalTemperature).toBe(17);
      expect(namesOf(reset)).not.toContain('자켓');
    });

    it('says so when the answers make it dress cooler', async () => {
      const user = await createUser(server);
      for (const g of CLOSET) await insertClothesRow(server, user.id, g);
      await answerDays(user, 'HOT', 2);
      const r = await recommend(user, await weatherOn('2026-10-22', 20));
      expect(r.personalTemperature).toBe(21.8);
      expect(r.reason).toContain('더위를 타신다고 하셔서 1.8°C 더 시원하게 골랐어요');
    });
  });

  describe('the days left to answer (the home asks)', () => {
    async function post(author: TestUser, weatherId: string, clothesId: string) {
      const [feed] = await server.database.db
        .insert(feeds)
        .values({
          authorId: author.id,
          weatherId,
          skyStatus: 'CLOUDY',
          precipitationType: 'NONE',
          content: 'OOTD',
        })
        .returning({ id: feeds.id });
      await server.database.db
        .insert(feedClothes)
        .values({ feedId: feed!.id, position: 0, clothesId, name: '옷', type: 'TOP' });
    }

    it('lists yesterday after an OOTD of that day, until it is answered', async () => {
      const user = await createUser(server);
      const other = await createUser(server);
      const garment = await insertClothesRow(server, user.id, { name: '맨투맨', type: 'TOP' });
      const yesterday = await weatherOn(addDays(today, -1));
      await post(user, yesterday, garment.id);
      expect((await calibration(user)).unansweredDays).toEqual([
        { date: addDays(today, -1), weatherId: yesterday },
      ]);
      // Not another user's question.
      expect((await calibration(other)).unansweredDays).toEqual([]);
      await answer(user, yesterday, 'JUST_RIGHT');
      expect((await calibration(user)).unansweredDays).toEqual([]);
    });

    it("lists today after the morning outfit, with that day's forecast at the profile's place", async () => {
      const user = await createUser(server);
      await server.database.db
        .update(profiles)
        .set({ latitude: 35.1, longitude: 129.0, gridX: 98, gridY: 76, locationNames: ['부산광역시'] })
        .where(eq(profiles.userId, user.id));
      const here = await insertWeatherRow(server, { ...octoberDay(12, today), gridX: 98, gridY: 76 });
      await weatherOn(today); // elsewhere (Seoul's cell)
      await server.database.db.insert(notifications).values({
        receiverId: user.id,
        title: '오늘의 옷 추천',
        content: '흐림 10°/14° · 맨투맨',
        kind: 'OUTFIT',
        targetDate: today,
      });
      expect((await calibration(user)).unansweredDays).toEqual([{ date: today, weatherId: here.id }]);
    });
  });
});

// The embedded database is one process: several instances need PostgreSQL.
describe('the shift on two instances of one database', () => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startServer({ database });
    b = await startServer({ database });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it("an answer on one instance changes the other's next outfit at once", async () => {
    const user = await createUser(a);
    for (const g of CLOSET) await insertClothesRow(a, user.id, g);
    const day = (await insertWeatherRow(a, octoberDay(17, '2026-10-23'))).id;
    const outfitOn = async (server: TestServer) => {
      const res = await httpClient(server.url).get('/api/recommendations', {
        token: user.accessToken,
        query: { weatherId: day, current: 'true' },
      });
      return RecommendationDto.parse(res.body);
    };
    // Instance B has the closet cached and the day's outfit shown.
    const before = await outfitOn(b);
    expect(before.personalTemperature).toBe(17);
    for (const date of ['2026-09-01', '2026-09-02', '2026-09-03']) {
      const weatherId = (await insertWeatherRow(a, octoberDay(15, date))).id;
      const res = await httpClient(a.url).post(FEEDBACK, {
        token: user.accessToken,
        json: { weatherId, feeling: 'COLD' },
      });
      expect(res.status).toBe(204);
    }
    const after = await outfitOn(b);
    expect(after.personalTemperature).toBe(14.6);
    expect(after.clothes.map((c) => c.name)).toContain('자켓');
    await httpClient(b.url).delete(CALIBRATION, { token: user.accessToken });
    expect((await outfitOn(a)).personalTemperature).toBe(17);
  });
});
