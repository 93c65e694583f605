import { REFRESH_COOKIE, type JwtDto } from '@otboo/contract';
import { asBrowser, refresh } from './auth.js';
import { request, type HttpResponse } from './http.js';
import type { TestServer } from './start-server.js';

/**
 * Drives social sign-in the way a browser does: our authorization redirect, the provider's authorize
 * endpoint, and the callback with the state cookie. The server's PUBLIC_URL is a name on loopback that
 * nothing listens on; callbacks addressed to it are sent to the test server instead (a browser would be
 * there through DNS).
 */

export const OAUTH_PUBLIC_URL = 'http://otboo.localhost';
export const STATE_COOKIE = 'OAUTH2_STATE';

export interface OAuthRun {
  /** `GET /oauth2/authorization/:provider` */
  start: HttpResponse;
  /** The state cookie the start set, and its raw Set-Cookie line. */
  stateCookie: string | undefined;
  stateCookieLine: string | undefined;
  /** The provider's answer to the authorize request (a redirect back in 'auto' mode). */
  authorize?: HttpResponse;
  /** The callback URL the provider redirected to, addressed to the test server. */
  callbackUrl?: string;
  /** `GET /login/oauth2/code/:provider` */
  callback?: HttpResponse;
}

async function get(url: string, cookies?: Record<string, string>): Promise<HttpResponse> {
  return request(url, 'GET', '', cookies ? { cookies } : {});
}

/** Rewrites a URL on PUBLIC_URL (or a path) to the same path and query on the test server. */
export function onServer(server: TestServer, url: string): string {
  const u = new URL(url, server.url);
  return `${server.url}${u.pathname}${u.search}`;
}

/** The callback with the state cookie (or none). */
export function callback(
  server: TestServer,
  callbackUrl: string,
  stateCookie: string | undefined,
): Promise<HttpResponse> {
  return get(
    onServer(server, callbackUrl),
    stateCookie === undefined ? undefined : { [STATE_COOKIE]: stateCookie },
  );
}

/** Starts a sign-in and follows it to the callback; `until: 'provider'` stops before calling back. */
export async function runOAuth(
  server: TestServer,
  provider: string,
  options: { until?: 'provider' } = {},
): Promise<OAuthRun> {
  const start = await get(`${server.url}/oauth2/authorization/${encodeURIComponent(provider)}`);
  const stateCookieLine = start.headers.getSetCookie().find((c) => c.startsWith(`${STATE_COOKIE}=`));
  const run: OAuthRun = { start, stateCookie: start.setCookies[STATE_COOKIE] || undefined, stateCookieLine };
  const location = start.headers.get('location');
  if (start.status !== 302 || !location?.startsWith('http')) return run;
  run.authorize = await get(location);
  const back = run.authorize.headers.get('location');
  if (run.authorize.status !== 302 || !back) return run;
  run.callbackUrl = onServer(server, back);
  if (options.until === 'provider') return run;
  run.callback = await callback(server, run.callbackUrl, run.stateCookie);
  return run;
}

/** The Korean text of a failure redirect to the login page, or null when `res` is not one. */
export function loginError(res: HttpResponse | undefined): string | null {
  const location = res?.headers.get('location');
  const m = location ? /^\/#\/auth\/login\?error=oauth&error_message=([^&#]*)$/.exec(location) : null;
  return m ? decodeURIComponent(m[1]!) : null;
}

/** A completed sign-in: the redirect to `/` carried a refresh cookie, which the client trades for a session. */
export async function sessionOf(server: TestServer, run: OAuthRun): Promise<JwtDto> {
  const res = run.callback;
  if (res?.status !== 302 || res.headers.get('location') !== '/') {
    throw new Error(
      `sign-in did not succeed: ${res?.status} ${res?.headers.get('location')} (${loginError(res)})`,
    );
  }
  const token = res.setCookies[REFRESH_COOKIE];
  if (!token) throw new Error('no refresh cookie');
  const refreshed = await refresh(server, token);
  if (refreshed.status !== 200) throw new Error(`refresh failed ${refreshed.status}`);
  return refreshed.body as JwtDto;
}

/** Linking from settings: the API call that starts it, then the provider and the callback, as a browser does. */
export interface LinkRun {
  /** `POST /api/users/:userId/social-links/:provider` */
  start: HttpResponse;
  stateCookie: string | undefined;
  stateCookieLine: string | undefined;
  authorize?: HttpResponse;
  callbackUrl?: string;
  callback?: HttpResponse;
}

/**
 * Links `provider` to the signed-in user: the web app's call (Bearer, CSRF header, cookies of the browser),
 * then the navigation to the provider and back with the state cookie the call set.
 */
export async function runLink(
  server: TestServer,
  provider: string,
  user: { id: string; accessToken: string; refreshToken?: string },
): Promise<LinkRun> {
  const start = await request(
    server.url,
    'POST',
    `/api/users/${user.id}/social-links/${encodeURIComponent(provider)}`,
    asBrowser(user.refreshToken, { token: user.accessToken }),
  );
  const stateCookieLine = start.headers.getSetCookie().find((c) => c.startsWith(`${STATE_COOKIE}=`));
  const run: LinkRun = { start, stateCookie: start.setCookies[STATE_COOKIE] || undefined, stateCookieLine };
  const location = (start.body as { authorizationUrl?: string } | undefined)?.authorizationUrl;
  if (start.status !== 200 || !location) return run;
  run.authorize = await get(location);
  const back = run.authorize.headers.get('location');
  if (run.authorize.status !== 302 || !back) return run;
  run.callbackUrl = onServer(server, back);
  run.callback = await callback(server, run.callbackUrl, run.stateCookie);
  return run;
}

/** Where a link's callback sent the browser: `{linked}` or `{error}` on the settings page, else null. */
export function settingsResult(res: HttpResponse | undefined): { linked: string } | { error: string } | null {
  const location = res?.headers.get('location') ?? '';
  const linked = /^\/#\/settings\?linked=([a-z]+)$/.exec(location);
  if (linked) return { linked: linked[1]! };
  const failed = /^\/#\/settings\?error=oauth&error_message=([^&#]*)$/.exec(location);
  return failed ? { error: decodeURIComponent(failed[1]!) } : null;
}
