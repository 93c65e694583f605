import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ko,
  TRIP_LIMITS,
  TripDto,
  type ClothesDto,
  type ErrorBody,
  type TripDto as Trip,
} from '@otboo/contract';
import { trips } from '../../src/db/schema/index.js';
import {
  addDays,
  seoulDate,
  seoulMorning,
  startOpenMeteoFake,
  type FakeHour,
  type OpenMeteoFake,
} from '../fakes/open-meteo.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

// Trips and packing lists (docs/api.md §10): days dressed by the forecast or the normals, a short bag, the checklist.

/** Places in separate forecast grid cells: each is fetched once, with the scenario of the moment. */
const SEOUL = { latitude: 37.5665, longitude: 126.978 };
const BUSAN = { latitude: 35.1796, longitude: 129.0756 };
const DAEJEON = { latitude: 36.3504, longitude: 127.3845 };
const GWANGJU = { latitude: 35.1595, longitude: 126.8526 };

/** Mild and dry all day; day `wetDay` (offset from today) rains. */
const scenario =
  (wetDay: number | null) =>
  (dayOffset: number, hour: number): FakeHour => {
    const wet = dayOffset === wetDay;
    return {
      temperature: Math.round((14 + 4 * Math.cos((2 * Math.PI * (hour - 15)) / 24)) * 10) / 10,
      humidity: wet ? 90 : 55,
      precipitationProbability: wet ? 90 : 0,
      precipitation: wet ? 3 : 0,
      code: wet ? 63 : 1,
      cloudCover: wet ? 100 : 10,
      wind: 2,
    };
  };

const HOUR = 3_600_000;

describe('trips and packing lists', () => {
  let fake: OpenMeteoFake;
  let server: TestServer;
  let http: HttpClient;
  const start = seoulMorning();
  const today = seoulDate(start.getTime());
  const day = (n: number) => addDays(today, n);

  const createClothes = async (user: TestUser, name: string, type: string) => {
    const res = await http.post<ClothesDto>('/api/clothes', {
      token: user.accessToken,
      form: multipartRequest({ ownerId: user.id, name, type, attributes: [] }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  /** A closet for every season: many tops and shoes, rain gear, an umbrella. */
  const fullCloset = async (user: TestUser) => {
    const pieces: [string, string][] = [
      ['네이비 니트', 'TOP'],
      ['그레이 니트', 'TOP'],
      ['베이지 니트', 'TOP'],
      ['블랙 니트', 'TOP'],
      ['화이트 셔츠', 'TOP'],
      ['블루 셔츠', 'TOP'],
      ['스트라이프 셔츠', 'TOP'],
      ['그레이 맨투맨', 'TOP'],
      ['네이비 맨투맨', 'TOP'],
      ['화이트 긴팔 티셔츠', 'TOP'],
      ['블랙 긴팔 티셔츠', 'TOP'],
      ['그레이 긴팔 티셔츠', 'TOP'],
      ['청바지', 'BOTTOM'],
      ['블랙 슬랙스', 'BOTTOM'],
      ['기모 바지', 'BOTTOM'],
      ['베이지 트렌치코트', 'OUTER'],
      ['블랙 롱패딩', 'OUTER'],
      ['그레이 울 코트', 'OUTER'],
      ['화이트 스니커즈', 'SHOES'],
      ['블랙 로퍼', 'SHOES'],
      ['첼시 부츠', 'SHOES'],
      ['러닝화', 'SHOES'],
      ['블랙 레인부츠', 'SHOES'],
      ['장우산', 'ACCESSORY'],
      ['울 목도리', 'SCARF'],
    ];
    const out: ClothesDto[] = [];
    for (const [name, type] of pieces) out.push(await createClothes(user, name, type));
    return out;
  };

  const createTrip = (user: TestUser | null, json: unknown) =>
    http.post<Trip & ErrorBody>('/api/trips', { ...(user ? { token: user.accessToken } : {}), json });
  const okTrip = async (user: TestUser, json: Record<string, unknown>) => {
    const res = await createTrip(user, json);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return TripDto.parse(res.body);
  };
  const listTrips = async (user: TestUser) => {
    const res = await http.get<Trip[]>('/api/trips', { token: user.accessToken });
    expect(res.status).toBe(200);
    return res.body;
  };
  const pack = (user: TestUser, tripId: string, clothesId: string, json: unknown) =>
    http.put<Trip & ErrorBody>(`/api/trips/${tripId}/packing/${clothesId}`, {
      token: user.accessToken,
      json,
    });
  const names = (t: Trip) => t.packingList.map((i) => i.name);
  const typeCount = (t: Trip, types: string[]) => t.packingList.filter((i) => types.includes(i.type)).length;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(start);
    fake = await startOpenMeteoFake({ scenario: scenario(null) });
    server = await startServer({
      env: { OPEN_METEO_URL: fake.url, WEATHER_REFRESH_MINUTES: '60', ACCESS_TOKEN_TTL: '7d' },
    });
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    vi.useRealTimers();
  });

  describe('access and input', () => {
    it('answers 401 without a token on every call', async () => {
      const id = randomUUID();
      for (const res of [
        await createTrip(null, { ...SEOUL, from: day(1), to: day(2) }),
        await http.get('/api/trips'),
        await http.get(`/api/trips/${id}`),
        await http.put(`/api/trips/${id}/packing/${randomUUID()}`, { json: { packed: true } }),
        await http.delete(`/api/trips/${id}`),
      ])
        expect(res.status).toBe(401);
    });

    it('refuses bad bodies with a Korean 400 and makes nothing', async () => {
      const user = await createUser(server);
      const good = { ...SEOUL, from: day(1), to: day(3) };
      const cases: [unknown, string | null][] = [
        [{ ...good, extra: 1 }, null],
        [{ ...good, latitude: 91 }, ko.validation.latitudeRange],
        [{ ...good, longitude: -181 }, ko.validation.longitudeRange],
        [{ ...good, latitude: '37.5' }, ko.validation.latitudeRange],
        [{ ...good, latitude: null }, ko.validation.latitudeRange],
        [{ longitude: SEOUL.longitude, from: day(1), to: day(2) }, null],
        [{ ...good, from: '2026-13-01' }, ko.trips.dateInvalid],
        [{ ...good, from: 20260101 }, ko.trips.dateInvalid],
        [{ ...good, from: day(-1) }, ko.trips.fromPast],
        [{ ...good, from: day(TRIP_LIMITS.startWithinDays + 1), to: day(62) }, ko.trips.fromTooFar],
        [{ ...good, from: day(3), to: day(2) }, ko.trips.toBeforeFrom],
        [{ ...good, from: day(1), to: day(15) }, ko.trips.tooLong],
        [{ ...good, from: 'x'.repeat(100_000) }, ko.trips.dateInvalid],
        [[], null],
        ['trip', null],
      ];
      for (const [json, message] of cases) {
        const res = await createTrip(user, json);
        expect(res.status, JSON.stringify(json).slice(0, 200)).toBe(400);
        expect(res.body.message).toMatch(/[가-힣]/);
        if (message) expect(res.body.message).toBe(message);
      }
      expect(await listTrips(user)).toEqual([]);
    });

    it('accepts the edges: from today, from today + 60, 14 days', async () => {
      const user = await createUser(server);
      await okTrip(user, { ...SEOUL, from: today, to: today });
      const far = await okTrip(user, { ...SEOUL, from: day(60), to: day(73) });
      expect(far.days).toHaveLength(14);
    });

    it('bounds the trips of one user with a Korean 409', async () => {
      const user = await createUser(server);
      await server.database.db.insert(trips).values(
        Array.from({ length: TRIP_LIMITS.perUser }, () => ({
          userId: user.id,
          location: { ...SEOUL, x: 60, y: 127, locationNames: ['서울특별시'] },
          fromDate: day(1),
          toDate: day(1),
          days: [],
        })),
      );
      const res = await createTrip(user, { ...SEOUL, from: day(1), to: day(2) });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ko.trips.tooMany);
      expect(await listTrips(user)).toHaveLength(TRIP_LIMITS.perUser);
    });
  });

  describe('the days and the bag', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(server);
      await fullCloset(user);
    });

    it('dresses forecast days by the forecast and later days by the normals (평년 기후)', async () => {
      const trip = await okTrip(user, { ...SEOUL, from: day(3), to: day(6) });
      expect(trip.days.map((d) => [d.date, d.source])).toEqual([
        [day(3), 'forecast'],
        [day(4), 'forecast'],
        [day(5), 'climatology'],
        [day(6), 'climatology'],
      ]);
      // The forecast days carry the fake's figures (10–18 °C, dry).
      expect(trip.days[0]!.temperature).toEqual({ min: 10, max: 18 });
      expect(trip.days[0]!.precipitationProbability).toBe(0);
      expect(trip.location.locationNames.length).toBeGreaterThan(0);
      expect(trip.from).toBe(day(3));
      expect(trip.to).toBe(day(6));
      for (const d of trip.days) expect(d.outfit.length).toBeGreaterThan(0);
      // A trip beyond the forecast asks no provider at all.
      const calls = fake.calls;
      const far = await okTrip(user, { ...DAEJEON, from: day(30), to: day(31) });
      expect(far.days.every((d) => d.source === 'climatology')).toBe(true);
      expect(fake.calls).toBe(calls);
    });

    it('keeps the bag short: at most ⌈n/2⌉+1 tops and 2 pairs of shoes, pieces reused and counted', async () => {
      for (const [from, to] of [
        [day(0), day(4)],
        [day(10), day(23)],
      ] as const) {
        const trip = await okTrip(user, { ...SEOUL, from, to });
        const n = trip.days.length;
        expect(typeCount(trip, ['TOP', 'DRESS'])).toBeLessThanOrEqual(Math.ceil(n / 2) + 1);
        expect(typeCount(trip, ['SHOES'])).toBeLessThanOrEqual(2);
        // Every day is dressed, with a top and shoes, and `days` counts the outfits that use each piece.
        for (const d of trip.days) {
          expect(
            d.outfit.some((o) => o.type === 'TOP' || o.type === 'DRESS'),
            d.date,
          ).toBe(true);
          expect(
            d.outfit.some((o) => o.type === 'SHOES'),
            d.date,
          ).toBe(true);
        }
        for (const item of trip.packingList)
          expect(item.days).toBe(
            trip.days.filter((d) => d.outfit.some((o) => o.clothesId === item.clothesId)).length,
          );
        expect(new Set(trip.packingList.map((i) => i.clothesId)).size).toBe(trip.packingList.length);
        const outfitIds = new Set(trip.days.flatMap((d) => d.outfit.map((o) => o.clothesId)));
        expect(outfitIds.size).toBe(trip.packingList.length);
        expect(trip.packingList.every((i) => i.packed === false)).toBe(true);
        // Reused: fewer pieces than a fresh outfit every day would take.
        expect(trip.packingList.reduce((s, i) => s + i.days, 0)).toBeGreaterThan(trip.packingList.length);
      }
    });

    it('packs rain gear only when a day is wet, and then packs it', async () => {
      fake.scenario = scenario(null);
      const dry = await okTrip(user, { ...BUSAN, from: day(0), to: day(3) });
      expect(dry.days.every((d) => d.precipitationProbability < 60)).toBe(true);
      expect(names(dry)).not.toContain('장우산');
      expect(names(dry)).not.toContain('블랙 레인부츠');

      fake.scenario = scenario(2);
      const wet = await okTrip(user, { ...GWANGJU, from: day(0), to: day(3) });
      expect(wet.days[2]!.precipitationProbability).toBe(90);
      const wetOutfit = wet.days[2]!.outfit.map((o) => o.name);
      expect(wetOutfit).toContain('장우산');
      expect(wetOutfit).toContain('블랙 레인부츠');
      expect(names(wet)).toContain('장우산');
      // The dry days of the same trip do not use it.
      for (const d of [wet.days[0]!, wet.days[1]!, wet.days[3]!])
        expect(d.outfit.map((o) => o.name)).not.toContain('장우산');
      expect(typeCount(wet, ['SHOES'])).toBeLessThanOrEqual(2);
      fake.scenario = scenario(null);
    });
  });

  describe('availability', () => {
    it('leaves home pieces away on a trip day or archived, and packs one back before the trip', async () => {
      const user = await createUser(server);
      const laundry = await createClothes(user, '화이트 셔츠', 'TOP');
      const archived = await createClothes(user, '블루 셔츠', 'TOP');
      const backSoon = await createClothes(user, '스트라이프 셔츠', 'TOP');
      await createClothes(user, '청바지', 'BOTTOM');
      await createClothes(user, '화이트 스니커즈', 'SHOES');
      const put = async (id: string, json: unknown) =>
        expect(
          (await http.put(`/api/clothes/${id}/availability`, { token: user.accessToken, json })).status,
        ).toBe(200);
      await put(laundry.id, { state: 'LAUNDRY', until: day(4) });
      await put(backSoon.id, { state: 'LENT', until: day(1) });
      expect(
        (
          await http.post(`/api/clothes/${archived.id}/archive`, {
            token: user.accessToken,
            json: { reason: 'SOLD' },
          })
        ).status,
      ).toBe(200);

      // Away until the trip's second day: not packed for any day (it cannot go in the bag before leaving).
      const trip = await okTrip(user, { ...SEOUL, from: day(3), to: day(6) });
      const ids = new Set(trip.days.flatMap((d) => d.outfit.map((o) => o.clothesId)));
      expect(ids.has(laundry.id)).toBe(false);
      expect(ids.has(archived.id)).toBe(false);
      expect(ids.has(backSoon.id)).toBe(true);
      expect(trip.packingList.map((i) => i.clothesId)).not.toContain(laundry.id);

      // With only away and archived tops, no day has a top: also when the app's clock is behind the database's
      // (the closet's version is the database's latest stamp, so the change must still be seen).
      vi.setSystemTime(Date.now() - HOUR);
      await put(backSoon.id, { state: 'REPAIR', until: day(10) });
      vi.setSystemTime(Date.now() + HOUR);
      const bare = await okTrip(user, { ...SEOUL, from: day(3), to: day(4) });
      expect(bare.days.flatMap((d) => d.outfit).some((o) => o.type === 'TOP')).toBe(false);
    });
  });

  describe('the checklist, the list, other users', () => {
    let owner: TestUser;
    let other: TestUser;
    let first: Trip;
    let second: Trip;
    beforeAll(async () => {
      owner = await createUser(server);
      other = await createUser(server);
      await fullCloset(owner);
      first = await okTrip(owner, { ...SEOUL, from: day(1), to: day(3) });
      second = await okTrip(owner, { ...DAEJEON, from: day(20), to: day(22) });
    });

    it("lists the caller's trips newest first, and only theirs", async () => {
      expect((await listTrips(owner)).map((t) => t.id)).toEqual([second.id, first.id]);
      expect(await listTrips(other)).toEqual([]);
      const again = await http.get<Trip>(`/api/trips/${first.id}`, { token: owner.accessToken });
      expect(again.status).toBe(200);
      expect(TripDto.parse(again.body)).toEqual(first);
    });

    it('remembers what is packed', async () => {
      const [a, b] = first.packingList;
      const ticked = await pack(owner, first.id, a!.clothesId, { packed: true });
      expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
      expect(ticked.body.packingList.find((i) => i.clothesId === a!.clothesId)!.packed).toBe(true);
      await pack(owner, first.id, b!.clothesId, { packed: true });
      await pack(owner, first.id, b!.clothesId, { packed: false });
      const read = await http.get<Trip>(`/api/trips/${first.id}`, { token: owner.accessToken });
      expect(read.body.packingList.filter((i) => i.packed).map((i) => i.clothesId)).toEqual([a!.clothesId]);
      const listed = (await listTrips(owner)).find((t) => t.id === first.id)!;
      expect(listed.packingList.filter((i) => i.packed)).toHaveLength(1);
    });

    it('answers 404 for a piece not in the list, 400 for a bad body', async () => {
      const notInList = (
        await http.get<ClothesDto[]>('/api/clothes', {
          token: owner.accessToken,
          query: { ownerId: owner.id, limit: 100 },
        })
      ).body as unknown as { data: ClothesDto[] };
      const listed = new Set(first.packingList.map((i) => i.clothesId));
      const outside = notInList.data.find((c) => !listed.has(c.id))!;
      const res = await pack(owner, first.id, outside.id, { packed: true });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ko.trips.notInList);
      expect((await pack(owner, first.id, randomUUID(), { packed: true })).status).toBe(404);
      const id = first.packingList[0]!.clothesId;
      for (const json of [{ packed: 'yes' }, {}, { packed: true, extra: 1 }, null]) {
        const bad = await pack(owner, first.id, id, json);
        expect(bad.status, JSON.stringify(json)).toBe(400);
        expect(bad.body.message).toMatch(/[가-힣]/);
      }
      expect((await pack(owner, 'not-a-uuid', id, { packed: true })).status).toBe(400);
    });

    it("answers 404 for another user's trip and changes nothing", async () => {
      const before = (await http.get<Trip>(`/api/trips/${first.id}`, { token: owner.accessToken })).body;
      const get = await http.get<ErrorBody>(`/api/trips/${first.id}`, { token: other.accessToken });
      expect(get.status).toBe(404);
      expect(get.body.message).toBe(ko.trips.notFound);
      const item = first.packingList[1]!.clothesId;
      expect((await pack(other, first.id, item, { packed: true })).status).toBe(404);
      expect((await http.delete(`/api/trips/${first.id}`, { token: other.accessToken })).status).toBe(404);
      const after = (await http.get<Trip>(`/api/trips/${first.id}`, { token: owner.accessToken })).body;
      expect(after).toEqual(before);
      expect((await http.get(`/api/trips/${randomUUID()}`, { token: owner.accessToken })).status).toBe(404);
    });

    it('drops a garment deleted later from the outfits and the list', async () => {
      const gone = second.packingList[0]!;
      expect((await http.delete(`/api/clothes/${gone.clothesId}`, { token: owner.accessToken })).status).toBe(
        204,
      );
      const read = (await http.get<Trip>(`/api/trips/${second.id}`, { token: owner.accessToken })).body;
      expect(read.packingList.map((i) => i.clothesId)).not.toContain(gone.clothesId);
      expect(read.days.flatMap((d) => d.outfit.map((o) => o.clothesId))).not.toContain(gone.clothesId);
      expect(read.packingList).toHaveLength(second.packingList.length - 1);
    });

    it('deletes a trip', async () => {
      const res = await http.delete(`/api/trips/${second.id}`, { token: owner.accessToken });
      expect(res.status).toBe(204);
      expect((await http.get(`/api/trips/${second.id}`, { token: owner.accessToken })).status).toBe(404);
      expect((await http.delete(`/api/trips/${second.id}`, { token: owner.accessToken })).status).toBe(404);
      expect((await listTrips(owner)).map((t) => t.id)).toEqual([first.id]);
    });
  });
});
