/**
 * Every outside provider (weather, places, OAuth) pointed at a closed loopback port: a server started by the HTTP
 * suites, a benchmark or a browser journey never reaches the internet unless the caller points a provider at a
 * loopback fake. Shared by test/support/start-server.ts, bench/support/servers.ts and e2e/support/server.ts.
 */
export const OFFLINE_PROVIDER_ENV: Readonly<Record<string, string>> = {
  OPEN_METEO_URL: 'http://127.0.0.1:9',
  KMA_URL: 'http://127.0.0.1:9',
  KAKAO_LOCAL_URL: 'http://127.0.0.1:9',
  OAUTH_GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
  OAUTH_KAKAO_BASE_URL: 'http://127.0.0.1:9',
  OAUTH_KAKAO_API_URL: 'http://127.0.0.1:9',
};
