import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKakaoLocalFake, type KakaoFake, type KakaoFakeMode } from '../fakes/kakao-local.js';
import { startOpenMeteoFake, type OpenMeteoFake } from '../fakes/open-meteo.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

const KEY = 'kakao-rest-key-123';

describe('weather: location names from Kakao Local', () => {
  let kakao: KakaoFake;
  let om: OpenMeteoFake;
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;

  const location = (latitude: number, longitude: number) =>
    http.get('/api/weathers/location', { token: user.accessToken, query: { latitude, longitude } });

  beforeAll(async () => {
    kakao = await startKakaoLocalFake({ restApiKey: KEY });
    om = await startOpenMeteoFake();
    server = await startServer({
      env: { KAKAO_REST_API_KEY: KEY, KAKAO_LOCAL_URL: kakao.url, OPEN_METEO_URL: om.url },
    });
    http = httpClient(server.url);
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
    await kakao?.close();
    await om?.close();
  });

  it('uses the administrative (H) document, asked with the KakaoAK key and x = longitude', async () => {
    kakao.names = ['서울특별시', '중구', '명동'];
    const res = await location(37.5665, 126.978);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      latitude: 37.5665,
      longitude: 126.978,
      x: 60,
      y: 127,
      locationNames: ['서울특별시', '중구', '명동'],
    });
    const asked = kakao.requests.at(-1)!;
    expect(asked.searchParams.get('x')).toBe('126.978');
    expect(asked.searchParams.get('y')).toBe('37.5665');
  });

  it('remembers an answer for the same point', async () => {
    const calls = kakao.calls;
    await location(37.5665, 126.978);
    await location(37.5665, 126.978);
    expect(kakao.calls).toBe(calls);
  });

  // Points near 강남구청, a little apart so no answer is remembered from the case before.
  it.each([
    ['error500', 0],
    ['garbage', 1],
    ['no-documents', 2],
  ] as const)('falls back to the embedded table when Kakao answers %s', async (mode, i) => {
    kakao.mode = mode as KakaoFakeMode;
    const calls = kakao.calls;
    const res = await location(37.5172 + i / 1000, 127.0473);
    kakao.mode = 'ok';
    expect(res.status).toBe(200);
    expect(kakao.calls).toBe(calls + 1);
    expect(res.body.locationNames.slice(0, 2)).toEqual(['서울특별시', '강남구']);
  });

  it('falls back to the table when Kakao refuses the key, and to a coordinate label abroad', async () => {
    kakao.mode = 'no-documents';
    const abroad = await location(48.8566, 2.3522);
    kakao.mode = 'ok';
    expect(abroad.body.locationNames).toEqual(['위도 48.86, 경도 2.35']);

    const other = await startServer({ env: { KAKAO_REST_API_KEY: 'wrong-key', KAKAO_LOCAL_URL: kakao.url } });
    try {
      const otherUser = await createUser(other);
      const calls = kakao.calls;
      const res = await httpClient(other.url).get('/api/weathers/location', {
        token: otherUser.accessToken,
        query: { latitude: 35.177019, longitude: 129.076953 },
      });
      expect(res.status).toBe(200);
      expect(kakao.calls).toBe(calls + 1);
      expect(res.body.locationNames[0]).toBe('부산광역시');
    } finally {
      await other.close();
    }
  });

  it('names the forecast’s location with Kakao too', async () => {
    kakao.names = ['부산광역시', '해운대구', '우동'];
    const res = await http.get('/api/weathers', {
      token: user.accessToken,
      query: { latitude: 35.1631, longitude: 129.1635 },
    });
    expect(res.status).toBe(200);
    expect(res.body[0].location.locationNames).toEqual(['부산광역시', '해운대구', '우동']);
  });
});
