import { CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE } from '@otboo/contract';
import { csrfKeyFrom, csrfTokenFor } from '../../src/plugins/csrf.js';
import { httpClient, type HttpResponse, type RequestOptions } from './http.js';
import { testEnv, type TestServer } from './start-server.js';

/** The CSRF key of a test server: derived from the tests' JWT_SECRET, as the server does. */
const CSRF_KEY = csrfKeyFrom(testEnv('').JWT_SECRET!);

/** A CSRF token the test server accepts with this refresh cookie (none: signed out), as it would issue one. */
export function csrfTokenOf(refreshToken?: string): string {
  return csrfTokenFor(CSRF_KEY, refreshToken);
}

/** A valid token of a browser that is signed out (no refresh cookie). */
export const CSRF_TOKEN = csrfTokenOf();

/**
 * Request options of a browser that fetched `/api/auth/csrf-token`: the XSRF-TOKEN cookie bound to its refresh
 * cookie, the matching X-XSRF-TOKEN header and, when given, the refresh cookie. Merge further options in with
 * `extra`.
 */
export function asBrowser(refreshToken?: string, extra: RequestOptions = {}): RequestOptions {
  const token = csrfTokenOf(refreshToken);
  return {
    ...extra,
    cookies: {
      [CSRF_COOKIE]: token,
      ...(refreshToken ? { [REFRESH_COOKIE]: refreshToken } : {}),
      ...extra.cookies,
    },
    headers: { [CSRF_HEADER.toLowerCase()]: token, ...extra.headers },
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
