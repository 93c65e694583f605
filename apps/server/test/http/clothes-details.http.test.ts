import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ko,
  type AttributeDefDto,
  type ClothesDto,
  type ClothesWearDto,
  type ErrorBody,
  type FeedDto,
} from '@otboo/contract';
import { insertWeatherRow, type WeatherRow } from '../support/db-rows.js';
import { createUser, signInAsAdmin, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

/** The garment page's fields and wear record (docs/api.md §9.8). */
describe('garment details: brand, size, notes, several seasons, and the wear call', () => {
  let server: TestServer;
  let http: HttpClient;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let weather: WeatherRow;
  let season: AttributeDefDto;
  let colour: AttributeDefDto;

  const create = (user: TestUser, body: Record<string, unknown>) =>
    http.post<ClothesDto & ErrorBody>('/api/clothes', {
      token: user.accessToken,
      form: multipartRequest({ ownerId: user.id, ...body }),
    });
  const created = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await create(user, body);
    expect(res.status).toBe(201);
    return res.body;
  };
  const patch = (user: TestUser, id: string, body: unknown) =>
    http.patch<ClothesDto & ErrorBody>(`/api/clothes/${id}`, {
      token: user.accessToken,
      form: multipartRequest(body),
    });
  const listed = async (user: TestUser, id: string) =>
    (
      await http.get<{ data: ClothesDto[] }>('/api/clothes', {
        token: user.accessToken,
        query: { ownerId: user.id, limit: 100 },
      })
    ).body.data.find((c) => c.id === id);
  const wear = (user: TestUser | null, id: string, query: Record<string, string | number> = {}) =>
    http.get<ClothesWearDto & ErrorBody>(`/api/clothes/${id}/wear`, {
      ...(user ? { token: user.accessToken } : {}),
      query,
    });
  const post = async (user: TestUser, clothesIds: string[], content = '오늘의 코디') => {
    const res = await http.post<FeedDto>('/api/feeds', {
      token: user.accessToken,
      json: { authorId: user.id, weatherId: weather.id, clothesIds, content },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  /** What the course contract sees of the season: one attribute entry per definition. */
  const seasonValues = (c: ClothesDto) =>
    c.attributes.filter((a) => a.definitionId === season.id).map((a) => a.value);

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [owner, other, admin] = await Promise.all([
      createUser(server, { prefix: 'garment' }),
      createUser(server, { prefix: 'stranger' }),
      signInAsAdmin(server),
    ]);
    weather = await insertWeatherRow(server);
    const defs = (
      await http.get<AttributeDefDto[]>('/api/clothes/attribute-defs', { token: owner.accessToken })
    ).body;
    season = defs.find((d) => d.name === '계절')!;
    colour = defs.find((d) => d.name === '색상')!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores brand, size, notes and several seasons, answers them on create, list and update', async () => {
    const coat = await created(owner, {
      name: '트렌치 코트',
      type: 'OUTER',
      attributes: [{ definitionId: colour.id, value: '베이지' }],
      brand: '  버버리 ',
      size: '95',
      notes: '드라이클리닝만\r\n단추 여분 있음',
      seasons: ['가을', '봄'],
    });
    // Trimmed, CRLF as LF, seasons in the definition's option order; the course shape keeps one value.
    expect(coat).toMatchObject({
      brand: '버버리',
      size: '95',
      notes: '드라이클리닝만\n단추 여분 있음',
      seasons: ['봄', '가을'],
    });
    expect(seasonValues(coat)).toEqual(['봄']);
    expect(coat.attributes.map((a) => a.definitionName)).toEqual(['계절', '색상']);
    expect(await listed(owner, coat.id)).toEqual(coat);

    // Only what is given changes; blank clears; the attributes stay when only seasons change.
    const renamed = await patch(owner, coat.id, { brand: '', size: 'M', seasons: ['겨울', '가을', '봄'] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      brand: null,
      size: 'M',
      notes: '드라이클리닝만\n단추 여분 있음',
      seasons: ['봄', '가을', '겨울'],
    });
    expect(renamed.body.attributes.map((a) => `${a.definitionName}=${a.value}`)).toEqual([
      '계절=봄',
      '색상=베이지',
    ]);
    expect(await listed(owner, coat.id)).toEqual(renamed.body);

    // A garment made without the new fields answers them as null and no seasons.
    const plain = await created(owner, { name: '청바지', type: 'BOTTOM' });
    expect(plain).toMatchObject({ brand: null, size: null, notes: null, seasons: [] });
  });

  it('keeps a course client’s edits consistent with the seasons', async () => {
    const knit = await created(owner, { name: '니트', type: 'TOP', seasons: ['봄', '가을', '겨울'] });
    // The course frontend sends every attribute back with the first season: the other seasons stay.
    const same = await patch(owner, knit.id, {
      name: '울 니트',
      attributes: [
        { definitionId: season.id, value: '봄' },
        { definitionId: colour.id, value: '그레이' },
      ],
    });
    expect(same.body.seasons).toEqual(['봄', '가을', '겨울']);
    // Another season chosen there: that one is the garment's season now.
    const changed = await patch(owner, knit.id, {
      attributes: [{ definitionId: season.id, value: '겨울' }],
    });
    expect(changed.body.seasons).toEqual(['겨울']);
    expect(seasonValues(changed.body)).toEqual(['겨울']);
    // Several again, then the season left out of the attributes: none.
    await patch(owner, knit.id, { seasons: ['가을', '겨울'] });
    const cleared = await patch(owner, knit.id, { attributes: [] });
    expect(cleared.body.seasons).toEqual([]);
    expect(cleared.body.attributes).toEqual([]);
    // Attributes and seasons together: the attribute's season must be one of them.
    const both = await patch(owner, knit.id, {
      attributes: [{ definitionId: season.id, value: '가을' }],
      seasons: ['겨울', '가을'],
    });
    expect(both.status).toBe(200);
    expect(both.body.seasons).toEqual(['가을', '겨울']);
    expect(seasonValues(both.body)).toEqual(['가을']);
    expect((await patch(owner, knit.id, { seasons: [] })).body.seasons).toEqual([]);
  });

  it('resets the seasons when batch edit or an administrator changes the season value', async () => {
    const shirt = await created(owner, { name: '셔츠', type: 'TOP', seasons: ['봄', '가을'] });
    // Batch edit sets one season: the set goes with the old value.
    const batch = await http.patch<ClothesDto[]>('/api/clothes/batch', {
      token: owner.accessToken,
      json: { clothesIds: [shirt.id], attribute: { definitionId: season.id, value: '여름' } },
    });
    expect(batch.status).toBe(200);
    expect(batch.body[0]!.seasons).toEqual(['여름']);
    expect((await listed(owner, shirt.id))!.seasons).toEqual(['여름']);

    await patch(owner, shirt.id, { seasons: ['봄', '가을', '겨울'] });
    // An administrator removes an option: it leaves every garment's set, the others stay.
    const removed = await http.patch<AttributeDefDto>(`/api/clothes/attribute-defs/${season.id}`, {
      token: admin.accessToken,
      json: { name: '계절', selectableValues: ['봄', '여름', '겨울'] },
    });
    expect(removed.status).toBe(200);
    expect((await listed(owner, shirt.id))!.seasons).toEqual(['봄', '겨울']);
    await http.patch(`/api/clothes/attribute-defs/${season.id}`, {
      token: admin.accessToken,
      json: { name: '계절', selectableValues: ['봄', '여름', '가을', '겨울'] },
    });
  });

  it('refuses bad values with a Korean 400 naming the field, and changes nothing', async () => {
    const coat = await created(owner, { name: '코트', type: 'OUTER', brand: '무신사', seasons: ['겨울'] });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ brand: 'b'.repeat(51) }, 'request.brand', ko.clothes.detail.brandTooLong],
      [{ size: 'L'.repeat(21) }, 'request.size', ko.clothes.detail.sizeTooLong],
      [{ notes: 'n'.repeat(501) }, 'request.notes', ko.clothes.detail.notesTooLong],
      [{ brand: 123 }, 'request.brand', ''],
      [{ seasons: '봄' }, 'request.seasons', ''],
      [{ seasons: ['장마'] }, 'seasons.0', ko.clothes.detail.seasonInvalid],
      [{ seasons: ['봄', ' 봄'] }, 'seasons.1', ko.clothes.detail.seasonDuplicated],
      [{ seasons: [''] }, 'seasons.0', ko.clothes.detail.seasonInvalid],
      [{ seasons: Array.from({ length: 51 }, () => '봄') }, 'request.seasons', ''],
      [{ brand: 'a\u0000b' }, 'request.brand', ko.validation.textInvalidCharacter],
      [
        { attributes: [{ definitionId: season.id, value: '여름' }], seasons: ['겨울'] },
        'seasons',
        ko.clothes.detail.seasonMismatch,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await patch(owner, coat.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const key = Object.keys(res.body.details).find((k) => k.endsWith(field.replace('request.', '')));
      expect(key, `${JSON.stringify(body)} → ${JSON.stringify(res.body.details)}`).toBeDefined();
      expect(res.body.message).toMatch(/[가-힣]/);
      if (message) expect(res.body.message).toBe(message);
      const created400 = await create(owner, { name: '새 옷', type: 'TOP', ...body });
      expect(created400.status).toBe(400);
    }
    const after = await listed(owner, coat.id);
    expect(after).toEqual(coat);
  });

  it('lets only the owner change a garment’s details', async () => {
    const coat = await created(owner, { name: '패딩', type: 'OUTER', notes: '내 메모' });
    const res = await patch(other, coat.id, { notes: '남의 메모', seasons: ['여름'] });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ko.clothes.notOwner);
    expect((await patch(owner, '5a1f4c2e-0000-4000-8000-000000000000', { brand: 'x' })).status).toBe(404);
    expect(
      (await http.patch(`/api/clothes/${coat.id}`, { form: multipartRequest({ brand: 'x' }) })).status,
    ).toBe(401);
    expect(await listed(owner, coat.id)).toEqual(coat);
  });

  it('answers the wear record: count, last worn, the newest OOTDs; owner only', async () => {
    const tee = await created(owner, { name: '반팔 티셔츠', type: 'TOP' });
    const jeans = await created(owner, { name: '데님 팬츠', type: 'BOTTOM' });

    expect((await wear(null, tee.id)).status).toBe(401);
    expect((await wear(owner, 'not-a-uuid')).status).toBe(400);
    const unknown = await wear(owner, '5a1f4c2e-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ko.clothes.notFound);
    const foreign = await wear(other, tee.id);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(ko.clothes.detail.wearNotOwner);

    expect((await wear(owner, tee.id)).body).toEqual({ wearCount: 0, lastWornAt: null, feeds: [] });

    const first = await post(owner, [tee.id, jeans.id], '첫 코디');
    await post(owner, [jeans.id], '바지만');
    const last = await post(owner, [tee.id], '두 번째 코디');
    const res = await wear(owner, tee.id);
    expect(res.status).toBe(200);
    expect(res.body.wearCount).toBe(2);
    expect(res.body.lastWornAt).toBe(last.createdAt);
    expect(res.body.feeds.map((f) => f.id)).toEqual([last.id, first.id]);
    // Whole feeds, as the feed list answers them, so the page can open one.
    expect(res.body.feeds[0]).toEqual({ ...last, likedByMe: false });
    expect(res.body.feeds[1]!.ootds.map((o) => o.clothesId)).toEqual([tee.id, jeans.id]);

    const capped = await wear(owner, tee.id, { limit: 1 });
    expect(capped.body.wearCount).toBe(2);
    expect(capped.body.feeds.map((f) => f.id)).toEqual([last.id]);
    for (const limit of [0, 51, 'many'])
      expect((await wear(owner, tee.id, { limit })).status, String(limit)).toBe(400);

    // A deleted post no longer counts.
    expect((await http.delete(`/api/feeds/${last.id}`, { token: owner.accessToken })).status).toBe(204);
    const after = (await wear(owner, tee.id)).body;
    expect([after.wearCount, after.lastWornAt, after.feeds.length]).toEqual([1, first.createdAt, 1]);
  });
});
