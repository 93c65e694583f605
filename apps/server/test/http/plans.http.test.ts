import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, PlanDto, type ClothesType, type ErrorBody } from '@otboo/contract';
import { notifications, profiles } from '../../src/db/schema/index.js';
import { addDays, seoulDate, startOpenMeteoFake, type OpenMeteoFake } from '../fakes/open-meteo.js';
import { insertClothesRow } from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

// '이번 주 코디' (docs/api.md §10): plans for the days ahead, auto fill by the recommendation rules over the
// five-day forecast of the loopback Open-Meteo fake, the flags of pieces away, and the morning outfit.

const seoulAt = (hhmm: string) => Date.parse(`${seoulDate(Date.now())}T${hhmm}:00+09:00`);
const ROTATED: readonly ClothesType[] = ['TOP', 'BOTTOM', 'DRESS', 'OUTER'];

async function setLocation(server: TestServer, user: TestUser) {
  await server.database.db
    .update(profiles)
    .set({
      latitude: 37.5665,
      longitude: 126.978,
      gridX: 60,
      gridY: 127,
      locationNames: ['서울특별시', '중구'],
    })
    .where(eq(profiles.userId, user.id));
}

const expectKorean400 = (res: { status: number; body: ErrorBody }, label: string) => {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.message, label).toMatch(/[가-힣]/);
};

describe('plans for the week (docs/api.md §10)', () => {
  let weatherFake: OpenMeteoFake;
  let server: TestServer;
  let http: HttpClient;
  let clock = seoulAt('06:00');
  const today = seoulDate(Date.now());
  const day = (n: number) => addDays(today, n);

  const put = (user: TestUser | null, date: string, json: unknown) =>
    http.put<PlanDto & ErrorBody>(`/api/plans/${date}`, {
      ...(user ? { token: user.accessToken } : {}),
      json,
    });
  const list = async (user: TestUser, from = today, to = day(13)) => {
    const res = await http.get<PlanDto[]>('/api/plans', { token: user.accessToken, query: { from, to } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.map((p) => PlanDto.parse(p));
  };
  const auto = (user: TestUser, json: unknown) =>
    http.post<PlanDto[] & ErrorBody>('/api/plans/auto', { token: user.accessToken, json });
  const garment = async (user: TestUser, name: string, type: ClothesType) =>
    (await insertClothesRow(server, user.id, { name, type })).id;
  const setAway = async (user: TestUser, id: string, state: string, until: string | null) => {
    const res = await http.put(`/api/clothes/${id}/availability`, {
      token: user.accessToken,
      json: until ? { state, until } : { state },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const archive = async (user: TestUser, id: string) => {
    const res = await http.post(`/api/clothes/${id}/archive`, {
      token: user.accessToken,
      json: { reason: 'DONATED' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const idsOf = (p: PlanDto) => p.clothes.map((c) => c.clothesId);
  /** The top, bottom, dress and outer of a plan. */
  const rotatedOf = (p: PlanDto) => p.clothes.filter((c) => ROTATED.includes(c.type)).map((c) => c.clothesId);

  /** A closet with two of each rotated role, and a location. */
  async function dressedUser() {
    const user = await createUser(server);
    await setLocation(server, user);
    const ids = {
      sweat: await garment(user, '회색 맨투맨', 'TOP'),
      knit: await garment(user, '베이지 니트', 'TOP'),
      jeans: await garment(user, '청바지', 'BOTTOM'),
      chinos: await garment(user, '면바지', 'BOTTOM'),
      jacket: await garment(user, '데님 자켓', 'OUTER'),
      blouson: await garment(user, '블루종 자켓', 'OUTER'),
      shoes: await garment(user, '흰색 스니커즈', 'SHOES'),
    };
    return { user, ids };
  }

  beforeAll(async () => {
    weatherFake = await startOpenMeteoFake();
    server = await startServer({
      env: { OPEN_METEO_URL: weatherFake.url },
      overrides: { morningOutfit: { now: () => clock, tickMs: 50 } },
    });
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await weatherFake?.close();
  });

  describe('access and input', () => {
    it('answers 401 without a token on every call', async () => {
      for (const res of [
        await http.get('/api/plans', { query: { from: today, to: today } }),
        await http.put(`/api/plans/${today}`, { json: { clothesIds: [randomUUID()] } }),
        await http.delete(`/api/plans/${today}`),
        await http.post('/api/plans/auto', { json: { from: today, to: today } }),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.message).toBe(ko.common.unauthorized);
      }
    });

    it('refuses bad bodies in Korean with the field named, and changes nothing', async () => {
      const { user, ids } = await dressedUser();
      expect((await put(user, day(1), { clothesIds: [ids.sweat] })).status).toBe(200);
      const eleven = await Promise.all(
        Array.from({ length: 11 }, (_, i) => garment(user, `티셔츠 ${i}`, 'TOP')),
      );
      for (const [json, field] of [
        [{ clothesIds: [] }, 'clothesIds'],
        [{ clothesIds: eleven }, 'clothesIds'],
        [{ clothesIds: 'abc' }, 'clothesIds'],
        [{ clothesIds: ['not-a-uuid'] }, 'clothesIds.0'],
        [{}, 'clothesIds'],
        [{ clothesIds: [ids.knit], note: 'a'.repeat(101) }, 'note'],
        [{ clothesIds: [ids.knit], note: 7 }, 'note'],
        [{ clothesIds: [ids.knit], weather: 'sunny' }, 'weather'],
        [[ids.knit], null],
      ] as const) {
        const res = await put(user, day(1), json);
        expectKorean400(res, JSON.stringify(json).slice(0, 80));
        if (field) expect(Object.keys(res.body.details), JSON.stringify(json)).toContain(field);
      }
      expect((await put(user, day(1), { clothesIds: [ids.knit], note: 'a'.repeat(101) })).body.message).toBe(
        ko.plans.noteTooLong,
      );
      expect((await put(user, day(1), { clothesIds: eleven })).body.message).toBe(ko.plans.clothesTooMany);
      expect((await put(user, day(1), { clothesIds: [] })).body.message).toBe(ko.plans.clothesRequired);
      const unknownField = await put(user, day(1), { clothesIds: [ids.knit], weather: 'sunny' });
      expect(unknownField.body.message).toBe('알 수 없는 항목이 있습니다: weather');
      const plans = await list(user);
      expect(plans.map((p) => [p.date, idsOf(p), p.note])).toEqual([[day(1), [ids.sweat], null]]);

      const autoUnknown = await auto(user, { from: today, to: today, force: true });
      expectKorean400(autoUnknown, 'auto unknown field');
      expect(autoUnknown.body.message).toBe('알 수 없는 항목이 있습니다: force');
      expectKorean400(await auto(user, { from: today }), 'auto without to');
      expect(await list(user)).toHaveLength(1);
    });

    it('plans from today to today + 13 only, and refuses malformed dates', async () => {
      const { user, ids } = await dressedUser();
      for (const date of [day(-1), day(14), day(400)]) {
        const res = await put(user, date, { clothesIds: [ids.knit] });
        expectKorean400(res, date);
        expect(res.body.message).toBe(ko.plans.dateOutOfRange);
        expect(res.body.details).toEqual({ date: ko.plans.dateOutOfRange });
      }
      for (const date of ['2026-02-30', 'tomorrow', '20261201', '2026-1-1']) {
        const res = await put(user, date, { clothesIds: [ids.knit] });
        expectKorean400(res, date);
        expect(res.body.details.date).toBe(ko.plans.dateInvalid);
      }
      expectKorean400(await http.delete('/api/plans/yesterday', { token: user.accessToken }), 'delete');
      expect(await list(user, day(-30), day(0))).toEqual([]);
      for (const date of [today, day(13)])
        expect((await put(user, date, { clothesIds: [ids.knit] })).status).toBe(200);
      expect((await list(user)).map((p) => p.date)).toEqual([today, day(13)]);
    });

    it('lists at most 31 days, from before to', async () => {
      const user = await createUser(server);
      expect(await list(user, today, day(30))).toEqual([]);
      const long = await http.get('/api/plans', {
        token: user.accessToken,
        query: { from: today, to: day(31) },
      });
      expectKorean400(long, '32 days');
      expect(long.body.message).toBe(ko.plans.rangeTooLong);
      const reversed = await http.get('/api/plans', {
        token: user.accessToken,
        query: { from: day(2), to: day(1) },
      });
      expectKorean400(reversed, 'reversed');
      expect(reversed.body.message).toBe(ko.plans.rangeInvalid);
      expectKorean400(
        await http.get('/api/plans', { token: user.accessToken, query: { from: today } }),
        'no to',
      );
      expectKorean400(
        await http.get('/api/plans', { token: user.accessToken, query: { from: 'x', to: today } }),
        'bad from',
      );
    });
  });

  describe('PUT, GET, DELETE', () => {
    it("stores the pieces in order with the note and the day's forecast, replaces it, and deletes it", async () => {
      const { user, ids } = await dressedUser();
      const res = await put(user, day(1), {
        clothesIds: [ids.jacket, ids.knit, ids.jeans, ids.knit],
        note: ' 등산 ',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const plan = PlanDto.parse(res.body);
      expect(plan).toMatchObject({ date: day(1), note: '등산', unavailableClothesIds: [] });
      expect(plan.clothes.map((c) => c.name)).toEqual(['데님 자켓', '베이지 니트', '청바지']);
      expect(plan.weather?.forecastAt.length).toBeGreaterThan(0);
      // The forecast of the plan's own date at the profile location.
      expect(seoulDate(Date.parse(plan.weather!.forecastAt))).toBe(day(1));
      expect(plan.weather!.location.locationNames.length).toBeGreaterThan(0);

      expect((await put(user, day(1), { clothesIds: [ids.sweat] })).body).toMatchObject({ note: null });
      expect((await put(user, day(8), { clothesIds: [ids.sweat], note: '출장' })).status).toBe(200);
      const plans = await list(user);
      expect(plans.map((p) => [p.date, idsOf(p), p.note])).toEqual([
        [day(1), [ids.sweat], null],
        [day(8), [ids.sweat], '출장'],
      ]);
      // Beyond the five-day forecast a plan has no weather.
      expect(plans[1]!.weather).toBeNull();
      expect(await list(user, day(2), day(7))).toEqual([]);

      const del = await http.delete(`/api/plans/${day(1)}`, { token: user.accessToken });
      expect(del.status).toBe(204);
      expect((await http.delete(`/api/plans/${day(1)}`, { token: user.accessToken })).status).toBe(204);
      expect((await list(user)).map((p) => p.date)).toEqual([day(8)]);
    });

    it("answers 403 for another user's garment and 404 for an unknown one, changing nothing", async () => {
      const { user, ids } = await dressedUser();
      const other = await dressedUser();
      expect((await put(user, day(2), { clothesIds: [ids.knit] })).status).toBe(200);
      const theirs = await put(user, day(2), { clothesIds: [ids.jeans, other.ids.knit] });
      expect(theirs.status).toBe(403);
      expect(theirs.body).toMatchObject({
        exceptionName: 'ClothesForbiddenException',
        message: ko.plans.notOwner,
      });
      const unknown = await put(user, day(2), { clothesIds: [ids.jeans, randomUUID()] });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(ko.clothes.notFound);
      expect((await list(user)).map(idsOf)).toEqual([[ids.knit]]);
      // Plans are the caller's own: the other user sees none of them, and deleting their date touches nothing here.
      expect(await list(other.user)).toEqual([]);
      await http.delete(`/api/plans/${day(2)}`, { token: other.user.accessToken });
      expect(await list(user)).toHaveLength(1);
    });

    it('answers 409 for a piece away on that date or archived, and accepts it after its last day away', async () => {
      const { user, ids } = await dressedUser();
      await setAway(user, ids.knit, 'LAUNDRY', day(2));
      await archive(user, ids.chinos);
      expect((await put(user, day(3), { clothesIds: [ids.jeans] })).status).toBe(200);
      for (const [date, clothesIds] of [
        [today, [ids.knit, ids.jeans]],
        [day(2), [ids.knit]],
        [day(3), [ids.chinos, ids.sweat]],
      ] as const) {
        const res = await put(user, date, { clothesIds });
        expect(res.status, date).toBe(409);
        expect(res.body.exceptionName).toBe('ClothesUnavailableException');
        expect(res.body.message).toMatch(/이 날 입을 수 없는 옷이 있어요: (베이지 니트|면바지)/);
      }
      expect((await list(user)).map((p) => [p.date, idsOf(p)])).toEqual([[day(3), [ids.jeans]]]);
      expect((await put(user, day(3), { clothesIds: [ids.knit, ids.jeans] })).status).toBe(200);
      // Lent with no known return: away on every date.
      await setAway(user, ids.sweat, 'LENT', null);
      expect((await put(user, day(13), { clothesIds: [ids.sweat] })).status).toBe(409);
    });

    it('flags planned pieces that went away or to the archive on their days, and drops deleted garments', async () => {
      const { user, ids } = await dressedUser();
      expect((await put(user, day(1), { clothesIds: [ids.knit, ids.jeans, ids.jacket] })).status).toBe(200);
      expect((await put(user, day(4), { clothesIds: [ids.knit, ids.chinos] })).status).toBe(200);
      expect((await put(user, day(5), { clothesIds: [ids.blouson] })).status).toBe(200);
      await setAway(user, ids.knit, 'LAUNDRY', day(2));
      await archive(user, ids.jacket);
      const plans = await list(user);
      expect(plans.map((p) => [p.date, p.unavailableClothesIds.sort()])).toEqual([
        [day(1), [ids.knit, ids.jacket].sort()],
        // Back from the laundry by then.
        [day(4), []],
        [day(5), []],
      ]);
      // The archived piece still shows in its plan, by name.
      expect(plans[0]!.clothes.map((c) => c.name)).toContain('데님 자켓');

      const del = await http.delete(`/api/clothes/${ids.blouson}`, { token: user.accessToken });
      expect(del.status).toBe(204);
      const chinos = await http.delete(`/api/clothes/${ids.chinos}`, { token: user.accessToken });
      expect(chinos.status).toBe(204);
      // A plan left with no piece counts as no plan.
      expect((await list(user)).map((p) => [p.date, idsOf(p)])).toEqual([
        [day(1), [ids.knit, ids.jeans, ids.jacket]],
        [day(4), [ids.knit]],
      ]);
    });
  });

  describe('POST /api/plans/auto', () => {
    it('needs a profile location', async () => {
      const user = await createUser(server);
      await garment(user, '니트', 'TOP');
      const res = await auto(user, { from: today, to: day(2) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ko.plans.needsLocation);
      expect(res.body.message).toMatch(/위치를 설정/);
      expect(await list(user)).toEqual([]);
    });

    it('fills only the five-day forecast, from before to', async () => {
      const { user } = await dressedUser();
      for (const [json, label] of [
        [{ from: today, to: day(5) }, 'past the forecast'],
        [{ from: day(-1), to: day(1) }, 'yesterday'],
        [{ from: day(2), to: day(1) }, 'reversed'],
        [{ from: today, to: 'x' }, 'bad date'],
      ] as const) {
        const res = await auto(user, json);
        expectKorean400(res, label);
      }
      expect((await auto(user, { from: today, to: day(5) })).body.message).toBe(ko.plans.autoOutsideForecast);
      expect(await list(user)).toEqual([]);
    });

    it('makes one outfit per date without a plan, never the same top, bottom or outer two days running', async () => {
      const { user, ids } = await dressedUser();
      expect(
        (await put(user, day(2), { clothesIds: [ids.knit, ids.jeans, ids.jacket], note: '약속' })).status,
      ).toBe(200);
      const res = await auto(user, { from: today, to: day(4) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const made = res.body.map((p) => PlanDto.parse(p));
      expect(made.map((p) => p.date)).toEqual([today, day(1), day(3), day(4)]);
      for (const p of made) {
        expect(p.clothes.length, p.date).toBeGreaterThan(1);
        expect(p.clothes.map((c) => c.type)).toContain('TOP');
        expect(p.clothes.map((c) => c.type)).toContain('BOTTOM');
        expect(seoulDate(Date.parse(p.weather!.forecastAt))).toBe(p.date);
        expect(p.note).toBeNull();
      }
      const week = await list(user, today, day(4));
      // The plan that was there is left as it was.
      expect(week.map((p) => p.date)).toEqual([today, day(1), day(2), day(3), day(4)]);
      expect(week[2]).toMatchObject({ note: '약속' });
      expect(idsOf(week[2]!)).toEqual([ids.knit, ids.jeans, ids.jacket]);
      for (let i = 1; i < week.length; i++) {
        const shared = rotatedOf(week[i]!).filter((id) => rotatedOf(week[i - 1]!).includes(id));
        expect(shared, `${week[i - 1]!.date} → ${week[i]!.date}`).toEqual([]);
      }

      // Again: every date has a plan now, so nothing is made and nothing changes.
      const again = await auto(user, { from: today, to: day(4) });
      expect(again.status).toBe(200);
      expect(again.body).toEqual([]);
      expect(await list(user, today, day(4))).toEqual(week);
    });

    it('follows the plan of the day before the range', async () => {
      const { user, ids } = await dressedUser();
      expect((await put(user, day(1), { clothesIds: [ids.sweat, ids.chinos, ids.blouson] })).status).toBe(
        200,
      );
      const res = await auto(user, { from: day(2), to: day(2) });
      expect(res.status).toBe(200);
      const [made] = res.body;
      expect(made!.date).toBe(day(2));
      expect(idsOf(made!)).not.toContain(ids.sweat);
      expect(idsOf(made!)).not.toContain(ids.chinos);
      expect(idsOf(made!)).not.toContain(ids.blouson);
      expect(idsOf(made!)).toContain(ids.knit);
      expect(idsOf(made!)).toContain(ids.jeans);
    });

    it('repeats a piece when the closet has no other of its role', async () => {
      const user = await createUser(server);
      await setLocation(server, user);
      const top = await garment(user, '하나뿐인 니트', 'TOP');
      const bottom = await garment(user, '하나뿐인 청바지', 'BOTTOM');
      const res = await auto(user, { from: today, to: day(4) });
      expect(res.status).toBe(200);
      expect(res.body.map((p) => p.date)).toEqual([0, 1, 2, 3, 4].map(day));
      for (const p of res.body) expect(idsOf(p).sort()).toEqual([top, bottom].sort());
    });

    it('never plans a piece on a date it is away, and may from the day after its last day away', async () => {
      const user = await createUser(server);
      await setLocation(server, user);
      const washed = await garment(user, '세탁할 니트', 'TOP');
      const other = await garment(user, '다른 맨투맨', 'TOP');
      const bottom = await garment(user, '청바지', 'BOTTOM');
      await setAway(user, washed, 'LAUNDRY', day(1));
      const res = await auto(user, { from: today, to: day(4) });
      expect(res.status).toBe(200);
      const byDate = new Map(res.body.map((p) => [p.date, idsOf(p)]));
      expect(byDate.get(today)).toEqual(expect.arrayContaining([other, bottom]));
      expect(byDate.get(today)).not.toContain(washed);
      expect(byDate.get(day(1))).not.toContain(washed);
      // Back on day 2, and yesterday's top is not worn two days running.
      expect(byDate.get(day(2))).toContain(washed);
      expect(byDate.get(day(3))).toContain(other);
    });

    it('answers an empty list for a closet it cannot dress from', async () => {
      const user = await createUser(server);
      await setLocation(server, user);
      const res = await auto(user, { from: today, to: day(1) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(await list(user)).toEqual([]);
    });
  });

  it('names the planned pieces in the morning outfit of a planned day', async () => {
    const { user, ids } = await dressedUser();
    const unplanned = await dressedUser();
    expect((await put(user, today, { clothesIds: [ids.blouson, ids.sweat, ids.chinos] })).status).toBe(200);
    for (const u of [user, unplanned.user]) {
      const res = await http.patch(`/api/users/${u.id}/notification-settings`, {
        token: u.accessToken,
        json: { morningOutfit: { enabled: true, time: '07:00' } },
      });
      expect(res.status).toBe(200);
    }
    clock = seoulAt('07:00');
    const morningOf = async (u: TestUser) =>
      server.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.receiverId, u.id),
            eq(notifications.title, ko.notificationSettings.morningTitle),
          ),
        );
    await expect.poll(async () => (await morningOf(user)).length, { timeout: 15_000 }).toBe(1);
    const [sent] = await morningOf(user);
    expect(sent!.content.split(' · ')[1]).toBe('블루종 자켓, 회색 맨투맨, 면바지');
    await expect.poll(async () => (await morningOf(unplanned.user)).length, { timeout: 15_000 }).toBe(1);
    const [recommended] = await morningOf(unplanned.user);
    expect(recommended!.content.split(' · ')[1]!.length).toBeGreaterThan(0);
  });
});
