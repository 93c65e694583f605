import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ko,
  seoulToday,
  type AttributeDefDto,
  type ClosetInsightsDto,
  type ClothesDto,
  type ClothesImportResultDto,
  type ErrorBody,
  type FeedDto,
  type RecommendationDto,
} from '@otboo/contract';
import { clothes } from '../../src/db/schema/index.js';
import { readCsv, writeCsv } from '../../src/domains/clothes/transfer/closet-csv.js';
import { insertWeatherRow } from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../support/start-server.js';

// The closet's life (docs/api.md §10): availability, the archive, the price and cost per wear.

const DAY_MS = 86_400_000;
const today = () => seoulToday();
const daysFromToday = (n: number) => seoulToday(Date.now() + n * DAY_MS);

/** A mild, calm, cloudy day on `forecastDate`: an outer, a top, a bottom and shoes make the outfit. */
const mildDay = (forecastDate: string) => ({
  forecastDate,
  skyStatus: 'CLOUDY' as const,
  humidity: 50,
  temperatureCurrent: 14,
  temperatureMin: 11,
  temperatureMax: 16,
  windSpeed: 1,
  precipitationType: 'NONE' as const,
  precipitationProbability: 0,
});

/** The archive ZIP's files, read with yauzl. */
async function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  const zipfile = await yauzl.fromBufferPromise(archive, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  for await (const entry of zipfile.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const c of await zipfile.openReadStreamPromise(entry)) chunks.push(c as Buffer);
    out.set(entry.fileName, Buffer.concat(chunks));
  }
  return out;
}

/** Helpers over one server. */
function closetClient(server: TestServer) {
  const http = httpClient(server.url);
  const create = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await http.post<ClothesDto>('/api/clothes', {
      token: user.accessToken,
      form: multipartRequest({ ownerId: user.id, ...body }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const setAvailability = (user: TestUser | null, id: string, json: unknown) =>
    http.put<ClothesDto & ErrorBody>(`/api/clothes/${id}/availability`, {
      ...(user ? { token: user.accessToken } : {}),
      json,
    });
  const archive = (user: TestUser | null, id: string, json: unknown) =>
    http.post<ClothesDto & ErrorBody>(`/api/clothes/${id}/archive`, {
      ...(user ? { token: user.accessToken } : {}),
      json,
    });
  const restore = (user: TestUser | null, id: string) =>
    http.post<ClothesDto & ErrorBody>(`/api/clothes/${id}/restore`, user ? { token: user.accessToken } : {});
  const list = async (user: TestUser, query: Record<string, string> = {}) => {
    const res = await http.get<{ data: ClothesDto[]; totalCount: number }>('/api/clothes', {
      token: user.accessToken,
      query: { ownerId: user.id, limit: 100, ...query },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const recommend = (user: TestUser, weatherId: string, query: Record<string, string> = {}) =>
    http.get<RecommendationDto & ErrorBody>('/api/recommendations', {
      token: user.accessToken,
      query: { weatherId, ...query },
    });
  const insights = async (user: TestUser) => {
    const res = await http.get<ClosetInsightsDto>('/api/clothes/insights', { token: user.accessToken });
    expect(res.status).toBe(200);
    return res.body;
  };
  const post = async (user: TestUser, weatherId: string, clothesIds: string[]) => {
    const res = await http.post<FeedDto>('/api/feeds', {
      token: user.accessToken,
      json: { authorId: user.id, weatherId, clothesIds, content: '오늘의 코디' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  /** One of each piece of a mild day's outfit; only one top, so a day without it has no top at all. */
  const outfitCloset = async (user: TestUser) => ({
    outer: await create(user, { name: '베이지 트렌치코트', type: 'OUTER' }),
    top: await create(user, { name: '화이트 셔츠', type: 'TOP' }),
    bottom: await create(user, { name: '블랙 슬랙스', type: 'BOTTOM' }),
    shoes: await create(user, { name: '화이트 스니커즈', type: 'SHOES' }),
  });
  return { http, create, setAvailability, archive, restore, list, recommend, insights, post, outfitCloset };
}

const idsOf = (r: RecommendationDto) => r.clothes.map((c) => c.clothesId);
const expectKorean400 = (res: { status: number; body: ErrorBody }, label: string) => {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.message, label).toMatch(/[가-힣]/);
};

describe('the closet life (docs/api.md §10)', () => {
  let server: TestServer;
  let c: ReturnType<typeof closetClient>;
  let http: HttpClient;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startServer();
    c = closetClient(server);
    http = c.http;
    [owner, stranger] = await Promise.all([
      createUser(server, { prefix: 'life' }),
      createUser(server, { prefix: 'lifeother' }),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('PUT /api/clothes/{id}/availability', () => {
    it('answers 401 without a token, 404 for an unknown piece and 403 (changing nothing) for another user’s', async () => {
      const shirt = await c.create(owner, { name: '셔츠', type: 'TOP' });
      expect((await c.setAvailability(null, shirt.id, { state: 'LAUNDRY' })).status).toBe(401);
      const unknown = await c.setAvailability(owner, randomUUID(), { state: 'LAUNDRY' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(ko.clothes.notFound);
      const foreign = await c.setAvailability(stranger, shirt.id, { state: 'LENT' });
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toMatch(/[가-힣]/);
      const [after] = (await c.list(owner, { keywordLike: '셔츠' })).data;
      expect(after?.availability).toEqual({
        state: 'AVAILABLE',
        since: null,
        until: null,
        lastWashedAt: null,
      });
    });

    it('answers 400 in Korean for a bad state, wrong types, unknown fields, bad or past dates and huge values', async () => {
      const shirt = await c.create(owner, { name: '검사용 셔츠', type: 'TOP' });
      const cases: [string, unknown][] = [
        ['no body', undefined],
        ['bad state', { state: 'WASHING' }],
        ['state as number', { state: 1 }],
        ['missing state', { until: daysFromToday(1) }],
        ['unknown field', { state: 'LAUNDRY', note: 'x' }],
        ['until as number', { state: 'LAUNDRY', until: 20261201 }],
        ['until not a date', { state: 'LAUNDRY', until: '2026-02-30' }],
        ['until in another format', { state: 'LAUNDRY', until: '2026/12/01' }],
        ['until yesterday', { state: 'LENT', until: daysFromToday(-1) }],
        ['huge until', { state: 'LENT', until: '9'.repeat(100_000) }],
      ];
      for (const [label, json] of cases)
        expectKorean400(await c.setAvailability(owner, shirt.id, json), label);
      const past = await c.setAvailability(owner, shirt.id, { state: 'LENT', until: daysFromToday(-1) });
      expect(past.body.message).toBe(ko.clothes.life.untilPast);
      expect(past.body.details).toHaveProperty('until');
      const unknownField = await c.setAvailability(owner, shirt.id, { state: 'LAUNDRY', note: 'x' });
      expect(unknownField.body.message).toContain('note');
      const [after] = (await c.list(owner, { keywordLike: '검사용' })).data;
      expect(after?.availability?.state).toBe('AVAILABLE');
    });

    it('sets a state with and without a return date, lists it by state, and clears it', async () => {
      const user = await createUser(server, { prefix: 'lifestate' });
      const coat = await c.create(user, { name: '코트', type: 'OUTER' });
      const knit = await c.create(user, { name: '니트', type: 'TOP' });
      const pants = await c.create(user, { name: '바지', type: 'BOTTOM' });

      const lent = await c.setAvailability(user, coat.id, { state: 'LENT', until: today() });
      expect(lent.status).toBe(200);
      expect(lent.body.availability).toMatchObject({ state: 'LENT', until: today() });
      expect(Date.parse(lent.body.availability!.since!)).toBeGreaterThan(Date.now() - 60_000);
      const laundry = await c.setAvailability(user, knit.id, { state: 'LAUNDRY' });
      expect(laundry.body.availability).toMatchObject({ state: 'LAUNDRY', until: null });

      const names = async (query: Record<string, string>) =>
        (await c.list(user, query)).data.map((g) => g.name).sort();
      expect(await names({ availabilityEqual: 'LENT' })).toEqual(['코트']);
      expect(await names({ availabilityEqual: 'LAUNDRY' })).toEqual(['니트']);
      expect(await names({ availabilityEqual: 'REPAIR' })).toEqual([]);
      expect(await names({ availabilityEqual: 'AVAILABLE' })).toEqual(['바지']);
      expect((await c.list(user, { availabilityEqual: 'LAUNDRY' })).totalCount).toBe(1);
      expectKorean400(
        await http.get('/api/clothes', {
          token: user.accessToken,
          query: { ownerId: user.id, availabilityEqual: 'WASHING' },
        }),
        'bad availabilityEqual',
      );

      const cleared = await c.setAvailability(user, knit.id, { state: 'AVAILABLE', until: daysFromToday(3) });
      expect(cleared.status).toBe(200);
      expect(cleared.body.availability).toMatchObject({ state: 'AVAILABLE', since: null, until: null });
      // Out of the laundry: the wash hint counts from now.
      expect(Date.parse(cleared.body.availability!.lastWashedAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(await names({ availabilityEqual: 'AVAILABLE' })).toEqual(['니트', '바지']);
      expect(pants.availability?.state).toBe('AVAILABLE');
    });

    it('makes a piece available again by itself the day after its return date', async () => {
      const user = await createUser(server, { prefix: 'lifeback' });
      const shirt = await c.create(user, { name: '빨래한 셔츠', type: 'TOP' });
      expect((await c.setAvailability(user, shirt.id, { state: 'LAUNDRY', until: today() })).status).toBe(
        200,
      );
      // The return date passes: written straight into the database, as the calendar would.
      await server.database.db
        .update(clothes)
        .set({ availabilityUntil: daysFromToday(-1) })
        .where(eq(clothes.id, shirt.id));
      const [back] = (await c.list(user)).data;
      expect(back?.availability).toMatchObject({ state: 'AVAILABLE', since: null, until: null });
      // The laundry stay ended at the start of today (Seoul): that is the last wash.
      expect(back?.availability?.lastWashedAt).toBe(
        new Date(Date.parse(`${today()}T00:00:00+09:00`)).toISOString(),
      );
      expect((await c.list(user, { availabilityEqual: 'LAUNDRY' })).data).toEqual([]);
      expect((await c.list(user, { availabilityEqual: 'AVAILABLE' })).data.map((g) => g.id)).toEqual([
        shirt.id,
      ]);
    });
  });

  describe('recommendations skip pieces away on the forecast day', () => {
    it('never recommends a piece in the laundry that day (nor keeps it: 409), and may on a later day', async () => {
      const user = await createUser(server, { prefix: 'liferec' });
      const closet = await c.outfitCloset(user);
      const todayWeather = await insertWeatherRow(server, mildDay(today()));
      const later = await insertWeatherRow(server, mildDay(daysFromToday(2)));
      // Cached first, so the change below must reach the recommender's closet cache.
      const before = await c.recommend(user, todayWeather.id, { current: 'true' });
      expect(idsOf(before.body)).toContain(closet.top.id);

      await c.setAvailability(user, closet.top.id, { state: 'LAUNDRY', until: daysFromToday(1) });
      for (let i = 0; i < 3; i++) {
        const res = await c.recommend(user, todayWeather.id);
        expect(res.status).toBe(200);
        expect(idsOf(res.body)).not.toContain(closet.top.id);
      }
      const kept = await c.recommend(user, todayWeather.id, { keepClothesIds: closet.top.id });
      expect(kept.status).toBe(409);
      expect(kept.body.message).toBe(ko.recommendations.keep.unavailable);

      const onLater = await c.recommend(user, later.id);
      expect(idsOf(onLater.body)).toContain(closet.top.id);
      const keptLater = await c.recommend(user, later.id, { keepClothesIds: closet.top.id });
      expect(keptLater.status).toBe(200);
      expect(idsOf(keptLater.body)).toContain(closet.top.id);

      // Lent with no return date: away on every day until cleared.
      await c.setAvailability(user, closet.top.id, { state: 'LENT' });
      expect(idsOf((await c.recommend(user, later.id)).body)).not.toContain(closet.top.id);
      await c.setAvailability(user, closet.top.id, { state: 'AVAILABLE' });
      expect(idsOf((await c.recommend(user, todayWeather.id, { current: 'true' })).body)).toContain(
        closet.top.id,
      );
    });

    it('never recommends nor keeps an archived piece, on any day', async () => {
      const user = await createUser(server, { prefix: 'lifearc' });
      const closet = await c.outfitCloset(user);
      const later = await insertWeatherRow(server, mildDay(daysFromToday(3)));
      expect(idsOf((await c.recommend(user, later.id)).body)).toContain(closet.shoes.id);
      expect((await c.archive(user, closet.shoes.id, { reason: 'WORN_OUT' })).status).toBe(200);
      expect(idsOf((await c.recommend(user, later.id)).body)).not.toContain(closet.shoes.id);
      const kept = await c.recommend(user, later.id, { keepClothesIds: closet.shoes.id });
      expect(kept.status).toBe(409);
      expect(kept.body.message).toBe(ko.recommendations.keep.unavailable);
      await c.restore(user, closet.shoes.id);
      expect(idsOf((await c.recommend(user, later.id)).body)).toContain(closet.shoes.id);
    });
  });

  describe('POST /api/clothes/{id}/archive and /restore', () => {
    it('answers 401, 404, 403 (changing nothing) and 400 in Korean for bad reasons', async () => {
      const scarf = await c.create(owner, { name: '머플러', type: 'SCARF' });
      expect((await c.archive(null, scarf.id, { reason: 'SOLD' })).status).toBe(401);
      expect((await c.restore(null, scarf.id)).status).toBe(401);
      expect((await c.archive(owner, randomUUID(), { reason: 'SOLD' })).status).toBe(404);
      expect((await c.restore(owner, randomUUID())).status).toBe(404);
      expect((await c.archive(stranger, scarf.id, { reason: 'SOLD' })).status).toBe(403);
      for (const [label, json] of [
        ['no body', undefined],
        ['missing reason', {}],
        ['bad reason', { reason: 'STOLEN' }],
        ['reason as number', { reason: 3 }],
        ['unknown field', { reason: 'SOLD', price: 1000 }],
        ['huge reason', { reason: 'S'.repeat(100_000) }],
      ] as const)
        expectKorean400(await c.archive(owner, scarf.id, json), label);
      expect((await c.list(owner, { keywordLike: '머플러' })).data[0]?.archived).toBeNull();

      expect((await c.archive(owner, scarf.id, { reason: 'DONATED' })).status).toBe(200);
      expect((await c.restore(stranger, scarf.id)).status).toBe(403);
      expect((await c.list(owner, { archived: 'true', keywordLike: '머플러' })).data).toHaveLength(1);
      expectKorean400(
        await http.get('/api/clothes', {
          token: owner.accessToken,
          query: { ownerId: owner.id, archived: 'yes' },
        }),
        'bad archived flag',
      );
    });

    it('moves a piece to the archive and back: the list, the archive list and conflicts', async () => {
      const user = await createUser(server, { prefix: 'lifelist' });
      const sold = await c.create(user, { name: '팔린 자켓', type: 'OUTER' });
      const kept = await c.create(user, { name: '남은 셔츠', type: 'TOP' });
      const res = await c.archive(user, sold.id, { reason: 'SOLD' });
      expect(res.status).toBe(200);
      expect(res.body.archived?.reason).toBe('SOLD');
      expect(Date.parse(res.body.archived!.at)).toBeGreaterThan(Date.now() - 60_000);

      const closetList = await c.list(user);
      expect(closetList.data.map((g) => g.id)).toEqual([kept.id]);
      expect(closetList.totalCount).toBe(1);
      const archive = await c.list(user, { archived: 'true' });
      expect(archive.data.map((g) => g.id)).toEqual([sold.id]);
      expect(archive.totalCount).toBe(1);
      expect((await c.list(user, { archived: 'false' })).data.map((g) => g.id)).toEqual([kept.id]);

      const again = await c.archive(user, sold.id, { reason: 'OTHER' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ko.clothes.life.alreadyArchived);
      const notArchived = await c.restore(user, kept.id);
      expect(notArchived.status).toBe(409);
      expect(notArchived.body.message).toBe(ko.clothes.life.notArchived);
      const away = await c.setAvailability(user, sold.id, { state: 'LENT' });
      expect(away.status).toBe(409);

      const back = await c.restore(user, sold.id);
      expect(back.status).toBe(200);
      expect(back.body.archived).toBeNull();
      expect((await c.list(user)).data.map((g) => g.id).sort()).toEqual([kept.id, sold.id].sort());
      expect((await c.list(user, { archived: 'true' })).data).toEqual([]);
    });

    it('leaves archived pieces out of the report’s counts, colours, never-worn list and gaps; feeds still show them', async () => {
      const defs = (
        await http.get<AttributeDefDto[]>('/api/clothes/attribute-defs', { token: owner.accessToken })
      ).body;
      const colour = defs.find((d) => d.name === '색상')!;
      const thickness = defs.find((d) => d.name === '두께감' || d.name === '두께');
      const weather = await insertWeatherRow(server, mildDay(today()));
      const build = async (user: TestUser, withPadding: boolean) => {
        const made = {
          top: await c.create(user, {
            name: '네이비 니트',
            type: 'TOP',
            attributes: [{ definitionId: colour.id, value: colour.selectableValues[0] }],
          }),
          bottom: await c.create(user, { name: '청바지', type: 'BOTTOM' }),
          shoes: await c.create(user, { name: '운동화', type: 'SHOES' }),
          padding: withPadding
            ? await c.create(user, {
                name: '롱패딩',
                type: 'OUTER',
                attributes: [
                  { definitionId: colour.id, value: colour.selectableValues[1] },
                  ...(thickness
                    ? [{ definitionId: thickness.id, value: thickness.selectableValues.at(-1) }]
                    : []),
                ],
              })
            : null,
        };
        return made;
      };
      const withIt = await createUser(server, { prefix: 'lifeins' });
      const twin = await createUser(server, { prefix: 'lifetwin' });
      const mine = await build(withIt, true);
      await build(twin, false);
      const feed = await c.post(withIt, weather.id, [mine.top.id, mine.padding!.id]);
      const full = await c.insights(withIt);
      expect(full.totalCount).toBe(4);
      // The padding matters to the gaps, so leaving it out must show.
      expect(full.gaps).not.toEqual((await c.insights(twin)).gaps);

      await c.archive(withIt, mine.padding!.id, { reason: 'LOST' });
      await c.archive(withIt, mine.shoes.id, { reason: 'DONATED' });
      const report = await c.insights(withIt);
      const twinReport = await c.insights(twin);
      expect(report.totalCount).toBe(2);
      expect(report.byType).toEqual([
        { type: 'BOTTOM', count: 1 },
        { type: 'TOP', count: 1 },
      ]);
      expect(report.byColor).toEqual([{ value: colour.selectableValues[0], count: 1 }]);
      expect(report.neverWorn.map((n) => n.name)).toEqual(['청바지']);
      expect(report.neverWornCount).toBe(1);
      // The twin never had the padding and gave away no shoes: the gaps of a closet without the padding.
      const { gaps: twinGaps } = twinReport;
      expect(report.gaps.filter((g) => !twinGaps.some((t) => t.band === g.band))).toEqual([]);
      expect(report.gaps.length).toBeGreaterThanOrEqual(twinGaps.length);

      const feeds = await http.get<{ data: FeedDto[] }>('/api/feeds', {
        token: withIt.accessToken,
        query: { limit: 10, sortBy: 'createdAt', sortDirection: 'DESCENDING', authorIdEqual: withIt.id },
      });
      const shown = feeds.body.data.find((f) => f.id === feed.id);
      expect(shown?.ootds.map((o) => [o.clothesId, o.name])).toContainEqual([mine.padding!.id, '롱패딩']);
    });
  });

  describe('price and cost per wear', () => {
    it('accepts, answers, changes and clears a purchase; refuses bad ones in Korean', async () => {
      const user = await createUser(server, { prefix: 'lifeprice' });
      const coat = await c.create(user, {
        name: '울 코트',
        type: 'OUTER',
        purchase: { price: 259_000, date: '2025-11-02' },
      });
      expect(coat.purchase).toEqual({ price: 259_000, date: '2025-11-02' });
      const plain = await c.create(user, { name: '티셔츠', type: 'TOP' });
      expect(plain.purchase).toBeNull();
      const noDate = await c.create(user, { name: '양말', type: 'SOCKS', purchase: { price: 0 } });
      expect(noDate.purchase).toEqual({ price: 0, date: null });

      const patch = (id: string, body: Record<string, unknown>, token = user.accessToken) =>
        http.patch<ClothesDto & ErrorBody>(`/api/clothes/${id}`, { token, form: multipartRequest(body) });
      const changed = await patch(plain.id, { purchase: { price: 19_900, date: today() } });
      expect(changed.status).toBe(200);
      expect(changed.body.purchase).toEqual({ price: 19_900, date: today() });
      expect((await patch(coat.id, { name: '울 코트' })).body.purchase).toEqual({
        price: 259_000,
        date: '2025-11-02',
      });
      expect((await patch(coat.id, { purchase: null })).body.purchase).toBeNull();
      const foreign = await patch(plain.id, { purchase: { price: 1 } }, stranger.accessToken);
      expect(foreign.status).toBe(403);

      const bad: [string, unknown][] = [
        ['negative', { price: -1 }],
        ['fraction', { price: 1.5 }],
        ['text', { price: '39000' }],
        ['too much', { price: 100_000_001 }],
        ['huge', { price: 1e300 }],
        ['missing price', { date: '2025-01-01' }],
        ['future date', { price: 1000, date: daysFromToday(2) }],
        ['not a date', { price: 1000, date: '2025-13-01' }],
        ['date as number', { price: 1000, date: 20250101 }],
        ['unknown field', { price: 1000, shop: '무신사' }],
        ['not an object', 39000],
      ];
      for (const [label, purchase] of bad) {
        expectKorean400(await patch(plain.id, { purchase }), `patch ${label}`);
        const created = await http.post<ErrorBody>('/api/clothes', {
          token: user.accessToken,
          form: multipartRequest({ ownerId: user.id, name: 'x', type: 'TOP', purchase }),
        });
        expectKorean400(created, `create ${label}`);
      }
      const future = await patch(plain.id, { purchase: { price: 1000, date: daysFromToday(2) } });
      expect(future.body.message).toBe(ko.clothes.life.purchaseDateFuture);
      const tooMuch = await patch(plain.id, { purchase: { price: 100_000_001 } });
      expect(tooMuch.body.message).toBe(ko.clothes.life.priceInvalid);
      expect((await c.list(user, { keywordLike: '티셔츠' })).data[0]?.purchase).toEqual({
        price: 19_900,
        date: today(),
      });
    });

    it('sets and clears a purchase by batch edit, only on the caller’s own pieces', async () => {
      const user = await createUser(server, { prefix: 'lifebatch' });
      const a = await c.create(user, { name: '세트 상의', type: 'TOP' });
      const b = await c.create(user, { name: '세트 하의', type: 'BOTTOM' });
      const foreign = await c.create(stranger, { name: '남의 옷', type: 'TOP' });
      const batch = (clothesIds: string[], purchase: unknown) =>
        http.patch<ClothesDto[] & ErrorBody>('/api/clothes/batch', {
          token: user.accessToken,
          json: { clothesIds, purchase },
        });
      const set = await batch([a.id, b.id], { price: 50_000, date: '2026-01-05' });
      expect(set.status).toBe(200);
      expect(set.body.map((g) => g.purchase)).toEqual([
        { price: 50_000, date: '2026-01-05' },
        { price: 50_000, date: '2026-01-05' },
      ]);
      expect((await batch([a.id, foreign.id], { price: 1 })).status).toBe(403);
      expect((await c.list(stranger, { keywordLike: '남의 옷' })).data[0]?.purchase).toBeNull();
      expectKorean400(await batch([a.id], { price: -5 }), 'batch negative');
      expect((await batch([a.id], null)).body[0]?.purchase).toBeNull();
    });

    it('reports total spent and cost per wear, best lowest first and worst highest first, five each', async () => {
      const user = await createUser(server, { prefix: 'lifevalue' });
      const weather = await insertWeatherRow(server, mildDay(today()));
      const priced = async (name: string, price: number, wears: number) => {
        const g = await c.create(user, { name, type: 'TOP', purchase: { price, date: null } });
        for (let i = 0; i < wears; i++) await c.post(user, weather.id, [g.id]);
        return g;
      };
      await priced('가', 10_000, 4); // 2,500
      await priced('나', 10_000, 3); // 3,333
      await priced('다', 50_000, 0); // 50,000 (never worn counts as once)
      await priced('라', 1_000, 1); // 1,000
      await priced('마', 7_000, 2); // 3,500
      await priced('바', 20_001, 2); // 10,001 (rounded: 10,000.5 → 10,001)
      await priced('사', 0, 0); // 0
      await c.create(user, { name: '가격 모름', type: 'TOP' });
      const archived = await priced('판 옷', 90_000, 0);
      await c.archive(user, archived.id, { reason: 'SOLD' });

      const { value } = await c.insights(user);
      expect(value?.totalSpent).toBe(10_000 + 10_000 + 50_000 + 1_000 + 7_000 + 20_001);
      const rows = (list: NonNullable<typeof value>['best']) => list.map((e) => [e.name, e.costPerWear]);
      expect(rows(value!.best)).toEqual([
        ['사', 0],
        ['라', 1_000],
        ['가', 2_500],
        ['나', 3_333],
        ['마', 3_500],
      ]);
      expect(rows(value!.worst)).toEqual([
        ['다', 50_000],
        ['바', 10_001],
        ['마', 3_500],
        ['나', 3_333],
        ['가', 2_500],
      ]);
      expect(value!.best[1]).toMatchObject({ price: 1_000, wearCount: 1, imageUrl: null });
      expect(value!.worst[0]).toMatchObject({ price: 50_000, wearCount: 0 });
    });

    it('carries the price and purchase date through CSV export and import (가격, 구입일)', async () => {
      const from = await createUser(server, { prefix: 'lifecsva' });
      const into = await createUser(server, { prefix: 'lifecsvb' });
      const csv = writeCsv([
        ['이름', '종류', '가격', '구입일'],
        ['린넨 셔츠', '상의', '39,000원', '2025-06-01'],
        ['면 바지', '하의', '45000', ''],
        ['모자', '모자', '', ''],
        ['비싼 가방', '가방', '100000001', ''],
        ['미래 신발', '신발', '1000', daysFromToday(3)],
        ['날짜만', '기타', '', '2025-01-01'],
        ['틀린 가격', '기타', '삼만원', ''],
      ]);
      const importInto = (user: TestUser, data: string) => {
        const form = new FormData();
        form.append('file', new Blob([data]), 'closet.csv');
        return http.post<ClothesImportResultDto>('/api/clothes/import', { token: user.accessToken, form });
      };
      const first = await importInto(from, csv);
      expect(first.status).toBe(200);
      expect(first.body.created).toBe(3);
      expect(first.body.errors.map((e) => [e.row, e.message])).toEqual([
        [5, ko.clothes.life.priceInvalid],
        [6, ko.clothes.life.purchaseDateFuture],
        [7, ko.clothes.life.purchaseDateWithoutPrice],
        [8, ko.clothes.life.priceInvalid],
      ]);

      const res = await fetch(`${server.url}/api/clothes/export`, {
        headers: { authorization: `Bearer ${from.accessToken}` },
      });
      const files = await unzip(Buffer.from(await res.arrayBuffer()));
      const exported = files.get('clothes.csv')!.toString('utf8');
      const [header, ...rows] = readCsv(exported);
      const cell = (row: string[], column: string) => row[header!.indexOf(column)];
      const shirt = rows.find((r) => cell(r, '이름') === '린넨 셔츠')!;
      expect([cell(shirt, '가격'), cell(shirt, '구입일')]).toEqual(['39000', '2025-06-01']);

      expect((await importInto(into, exported)).body).toEqual({ created: 3, errors: [] });
      const purchases = async (user: TestUser) =>
        (await c.list(user)).data.map((g) => [g.name, g.purchase]).sort();
      expect(await purchases(into)).toEqual(await purchases(from));
      expect(await purchases(into)).toEqual([
        ['린넨 셔츠', { price: 39_000, date: '2025-06-01' }],
        ['면 바지', { price: 45_000, date: null }],
        ['모자', null],
      ]);
    });
  });
});

// Two app instances on one PostgreSQL database: a change on one reaches the other's cached closet at once.
describe('the closet life on two instances', () => {
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

  it('a piece marked away or archived on A is out of B’s very next recommendation', async () => {
    const onA = closetClient(a);
    const onB = closetClient(b);
    const user = await createUser(a, { prefix: 'lifetwo' });
    const closet = await onA.outfitCloset(user);
    const weather = await insertWeatherRow(a, mildDay(today()));
    expect(idsOf((await onB.recommend(user, weather.id, { current: 'true' })).body)).toContain(closet.top.id);

    await onA.setAvailability(user, closet.top.id, { state: 'REPAIR' });
    expect(idsOf((await onB.recommend(user, weather.id, { current: 'true' })).body)).not.toContain(
      closet.top.id,
    );
    await onA.archive(user, closet.shoes.id, { reason: 'SOLD' });
    expect(idsOf((await onB.recommend(user, weather.id, { current: 'true' })).body)).not.toContain(
      closet.shoes.id,
    );
    await onA.setAvailability(user, closet.top.id, { state: 'AVAILABLE' });
    expect(idsOf((await onB.recommend(user, weather.id, { current: 'true' })).body)).toContain(closet.top.id);
  });
});
