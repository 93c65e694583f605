import { CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE } from '@otboo/contract';
import { httpClient, type HttpResponse, type RequestOptions } from './http.js';
import type { TestServer } from './start-server.js';

/** Any value of the right shape works: the check is that cookie and header agree. */
export const CSRF_TOKEN = 'csrf-token-value-0123456789';

/**
 * Request options of a browser that fetched `/api/auth/csrf-token`: the XSRF-TOKEN cookie, the matching
 * X-XSRF-TOKEN header and, when given, the refresh cookie. Merge further options in with `extra`.
 */
export function asBrowser(refreshToken?: string, extra: RequestOptions = {}): RequestOptions {
  return {
    ...extra,
    cookies: {
      [CSRF_COOKIE]: CSRF_TOKEN,
      ...(refreshToken ? { [REFRESH_COOKIE]: refreshToken } : {}),
      ...extra.cookies,
    },
    headers: { [CSRF_HEADER.toLowerCase()]: CSRF_TOKEN, ...extra.headers },
  };
}

/** `POST /api/auth/refresh` as the browser does it (body: JwtDto or an error); `rotated` is the new refresh cookie, '' when cleared. */
export async function refresh(
  server: TestServer,
  refreshToken: string,
): Promise<HttpResponse & { rotated: string | undefined }> {
  const res = await httpClient(server.url).post('/api/auth/refresh', asBrowser(refreshToken));
  return { ...res, rotated: res.setCookies[REFRESH_COOKIE] };
}
