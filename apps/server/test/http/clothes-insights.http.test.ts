import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttributeDefDto, ClosetInsightsDto, ClothesDto, FeedDto } from '@otboo/contract';
import { insertWeatherRow, type WeatherRow } from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

describe('GET /api/clothes/insights', () => {
  let server: TestServer;
  let http: HttpClient;
  let owner: TestUser;
  let other: TestUser;
  let weather: WeatherRow;
  let colour: AttributeDefDto;

  const create = async (user: TestUser, name: string, type: string, colourValue?: string) => {
    const attributes = colourValue ? [{ definitionId: colour.id, value: colourValue }] : [];
    const res = await http.post<ClothesDto>('/api/clothes', {
      token: user.accessToken,
      form: multipartRequest({ ownerId: user.id, name, type, attributes }),
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const post = async (user: TestUser, clothesIds: string[]) => {
    const res = await http.post<FeedDto>('/api/feeds', {
      token: user.accessToken,
      json: { authorId: user.id, weatherId: weather.id, clothesIds, content: '오늘의 코디' },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const insights = (user: TestUser) =>
    http.get<ClosetInsightsDto>('/api/clothes/insights', { token: user.accessToken });

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [owner, other] = await Promise.all([
      createUser(server, { prefix: 'report' }),
      createUser(server, { prefix: 'other' }),
    ]);
    weather = await insertWeatherRow(server);
    const defs = (
      await http.get<AttributeDefDto[]>('/api/clothes/attribute-defs', { token: owner.accessToken })
    ).body;
    colour = defs.find((d) => d.name === '색상')!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 without a token, and an empty report for an empty closet', async () => {
    expect((await http.get('/api/clothes/insights')).status).toBe(401);
    const empty = await insights(owner);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      totalCount: 0,
      byType: [],
      byColor: [],
      wear: [],
      neverWorn: [],
      wornCount: 0,
      neverWornCount: 0,
      gaps: [],
      value: { totalSpent: 0, best: [], worst: [] },
    });
  });

  it('counts the caller’s own closet and own posts exactly, and nothing of anyone else', async () => {
    const tee = await create(owner, '반팔 티셔츠', 'TOP', '블랙');
    const knit = await create(owner, '니트', 'TOP', '블랙');
    const shirt = await create(owner, '셔츠', 'TOP', '네이비');
    const jeans = await create(owner, '청바지', 'BOTTOM', '블루');
    const trench = await create(owner, '트렌치 코트', 'OUTER');
    const sneakers = await create(owner, '운동화', 'SHOES', '화이트');
    const first = await post(owner, [tee.id, jeans.id]);
    await post(owner, [tee.id]);
    const last = await post(owner, [knit.id, jeans.id]);
    // Someone else's closet and posts, including a garment with the same name and colour.
    const theirs = await create(other, '반팔 티셔츠', 'TOP', '블랙');
    const theirCoat = await create(other, '롱패딩', 'OUTER', '블랙');
    await post(other, [theirs.id, theirCoat.id]);
    await post(other, [theirs.id]);

    const res = await insights(owner);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.totalCount).toBe(6);
    expect(r.byType).toEqual([
      { type: 'TOP', count: 3 },
      { type: 'BOTTOM', count: 1 },
      { type: 'OUTER', count: 1 },
      { type: 'SHOES', count: 1 },
    ]);
    expect(r.byColor).toEqual([
      { value: '블랙', count: 2 },
      { value: '네이비', count: 1 },
      { value: '블루', count: 1 },
      { value: '화이트', count: 1 },
    ]);
    expect(r.wear.map((w) => [w.name, w.wearCount])).toEqual([
      ['반팔 티셔츠', 2],
      ['청바지', 2],
      ['니트', 1],
    ]);
    const jeansWear = r.wear.find((w) => w.clothesId === jeans.id)!;
    expect(jeansWear).toMatchObject({ type: 'BOTTOM', imageUrl: null, thumbnailUrl: null });
    expect(jeansWear.lastWornAt).toBe(last.createdAt);
    expect(r.wear.find((w) => w.clothesId === tee.id)!.lastWornAt).not.toBe(first.createdAt);
    expect(r.neverWorn.map((n) => n.clothesId)).toEqual([shirt.id, trench.id, sneakers.id]);
    expect(r.neverWorn[0]!.createdAt).toBe(shirt.createdAt);
    expect([r.wornCount, r.neverWornCount]).toEqual([3, 3]);
    const ids = JSON.stringify(r);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(theirCoat.id);

    // The other user's report is theirs alone.
    const their = (await insights(other)).body;
    expect(their.totalCount).toBe(2);
    expect(their.wear.map((w) => [w.clothesId, w.wearCount])).toEqual([
      [theirs.id, 2],
      [theirCoat.id, 1],
    ]);
  });

  it('names the season gaps coldest first, as the recommender sees the closet, and follows closet changes', async () => {
    const before = (await insights(owner)).body.gaps;
    expect(before[0]).toEqual({ band: '4°C 이하', message: '영하의 날씨에 입을 두꺼운 아우터가 없어요' });
    const coat = await create(owner, '롱패딩', 'OUTER');
    await create(owner, '울 코트', 'OUTER');
    const after = (await insights(owner)).body.gaps;
    expect(after.find((g) => g.band === '4°C 이하')).toBeUndefined();

    // The recommender agrees: on a freezing day it picks the padding for this closet.
    const cold = await insertWeatherRow(server, {
      temperatureCurrent: -3,
      temperatureMin: -3,
      temperatureMax: -3,
      windSpeed: 0,
    });
    const rec = await http.get<{ clothes: { clothesId: string }[] }>('/api/recommendations', {
      token: owner.accessToken,
      query: { weatherId: cold.id },
    });
    expect(rec.status).toBe(200);
    expect(rec.body.clothes.map((c) => c.clothesId)).toContain(coat.id);

    // A deleted garment leaves the report (its posts keep their snapshot, not the count).
    await http.delete(`/api/clothes/${coat.id}`, { token: owner.accessToken });
    const gone = (await insights(owner)).body;
    expect(gone.totalCount).toBe(7);
    expect(JSON.stringify(gone)).not.toContain(coat.id);
  });
});
