import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type Location } from '@otboo/contract';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

describe('GET /api/weathers/locations: places by name', () => {
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;

  const search = (query: Record<string, string | number | undefined>) =>
    http.get('/api/weathers/locations', { token: user.accessToken, query });

  beforeAll(async () => {
    // Every outside provider points at a closed port (test defaults): an answer proves no outside call was made.
    server = await startServer();
    http = httpClient(server.url);
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('needs a token', async () => {
    expect((await http.get('/api/weathers/locations', { query: { query: '강남' } })).status).toBe(401);
  });

  it('refuses a missing, blank, too long or malformed query and an out-of-range limit, in Korean', async () => {
    const cases: [Record<string, string | number | undefined>, string][] = [
      [{}, 'query'],
      [{ query: '' }, 'query'],
      [{ query: '   ' }, 'query'],
      [{ query: '가'.repeat(41) }, 'query'],
      [{ query: 'a'.repeat(1_000) }, 'query'],
      [{ query: '강남\u0000' }, 'query'],
      [{ query: '강남\u202E' }, 'query'],
      [{ query: '강남', limit: 0 }, 'limit'],
      [{ query: '강남', limit: 21 }, 'limit'],
      [{ query: '강남', limit: 'abc' }, 'limit'],
      [{ query: '강남', limit: 1.5 }, 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await search(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.exceptionName).toBe('InvalidInputException');
      expect(res.body.message).toMatch(/[가-힣]/);
      expect(Object.keys(res.body.details)).toContain(field);
    }
    expect((await search({ query: '   ' })).body.message).toBe(ko.places.queryRequired);
    expect((await search({ query: '가'.repeat(41) })).body.message).toBe(ko.places.queryTooLong);
    const twice = await http.get(`/api/weathers/locations?query=${encodeURIComponent('강남')}&query=x`, {
      token: user.accessToken,
    });
    expect(twice.status).toBe(400);
  });

  it('treats %, _ and \\ as characters (never every row) and answers emoji with nothing', async () => {
    for (const query of ['%', '_', '\\', '%%', '_%_', '\\%', '강%', '%강남%', '😀', '👨‍👩‍👧', '강남😀']) {
      const res = await search({ query });
      expect(res.status, query).toBe(200);
      expect(res.body, query).toEqual([]);
    }
  });

  it('finds 강남 with 서울특별시 강남구 first, as full locations', async () => {
    const res = await search({ query: '강남' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(1);
    expect(res.body.length).toBeLessThanOrEqual(10);
    expect(res.body[0]).toEqual({
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      x: 61,
      y: 126,
      locationNames: ['서울특별시', '강남구'],
    });
    // Trimmed, and a 40-character query is still a query.
    expect((await search({ query: '  강남  ' })).body).toEqual(res.body);
    expect((await search({ query: '가'.repeat(40) })).status).toBe(200);
  });

  it('keeps a place picked by name at the level picked when it is saved in the profile', async () => {
    // The web app saves the Location it was given (docs/product.md §2): '서울특별시 강남구' stays that, never the
    // 동 its coordinates fall in, on every later read of the profile.
    for (const [query, names] of [
      ['강남구', ['서울특별시', '강남구']],
      ['해운대구', ['부산광역시', '해운대구']],
    ] as const) {
      const found = await search({ query });
      const picked = (found.body as Location[])[0];
      expect(picked?.locationNames).toEqual(names);
      const saved = await http.patch(`/api/users/${user.id}/profiles`, {
        token: user.accessToken,
        form: multipartRequest({ location: picked }),
      });
      expect(saved.status).toBe(200);
      expect(saved.body.location).toEqual({ ...picked, locationNames: names });
      const read = await http.get(`/api/users/${user.id}/profiles`, { token: user.accessToken });
      expect(read.body.location.locationNames).toEqual(names);
    }
  });

  it('ranks exact, then prefix, then contains, with 시/도 and 시/군/구 before 읍/면/동', async () => {
    const haeundae = (await search({ query: '해운대' })).body as Location[];
    expect(haeundae[0]!.locationNames).toEqual(['부산광역시', '해운대구']);
    expect(haeundae.slice(1).every((l) => l.locationNames.length === 3)).toBe(true);

    const jeju = (await search({ query: '제주', limit: 20 })).body as Location[];
    // 제주 is in every level name of the province's places: the 시/도 and 시/군/구 first, then the 읍/면/동.
    expect(jeju.slice(0, 3).map((l) => l.locationNames.join(' '))).toEqual([
      '제주특별자치도',
      '제주특별자치도 제주시',
      '제주특별자치도 서귀포시',
    ]);
    expect(jeju).toHaveLength(20);
    expect(
      jeju.slice(3).every((l) => l.locationNames.length === 3 && l.locationNames[0] === '제주특별자치도'),
    ).toBe(true);

    expect((await search({ query: '서울특별시', limit: 1 })).body).toEqual([
      expect.objectContaining({ locationNames: ['서울특별시'] }),
    ]);
    expect((await search({ query: '강남', limit: 1 })).body).toHaveLength(1);
  });

  it('matches several words on any level (서울 역삼)', async () => {
    const res = await search({ query: '서울 역삼' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const l of res.body as Location[]) {
      expect(l.locationNames[0]).toBe('서울특별시');
      expect(l.locationNames.at(-1)).toMatch(/역삼/);
    }
    expect((await search({ query: '부산 역삼' })).body).toEqual([]);
  });
});
