import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, REFRESH_COOKIE, ko } from '@otboo/contract';
import { CSRF_TOKEN, asBrowser, csrfTokenOf } from '../support/auth.js';
import { createUser, type TestUser } from '../support/factories.js';
import {
  httpClient,
  multipartRequest,
  type HttpClient,
  type HttpResponse,
  type RequestOptions,
} from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

const csrfError = { exceptionName: 'CsrfTokenException', message: ko.common.csrfInvalid, details: {} };
const HOST_COOKIE = `__Host-${CSRF_COOKIE}`;

function signInForm(user: TestUser): FormData {
  const form = new FormData();
  form.append('username', user.email);
  form.append('password', user.password);
  return form;
}

/**
 * A browser as the course frontend drives it: a cookie jar filled only from the server's answers, and the
 * XSRF cookie read from the jar and echoed in the header on every request (axios' xsrfCookieName/HeaderName).
 */
function browser(http: HttpClient) {
  const jar: Record<string, string> = {};
  async function call(method: 'get' | 'post', path: string, options: RequestOptions = {}) {
    const xsrf = jar[CSRF_COOKIE];
    const res: HttpResponse = await http[method](path, {
      ...options,
      cookies: { ...jar },
      headers: { ...(xsrf ? { 'x-xsrf-token': xsrf } : {}), ...options.headers },
    });
    for (const [name, value] of Object.entries(res.setCookies)) {
      if (value === '') delete jar[name];
      else jar[name] = value;
    }
    return res;
  }
  return {
    jar,
    get: (path: string, options?: RequestOptions) => call('get', path, options),
    post: (path: string, options?: RequestOptions) => call('post', path, options),
  };
}

describe('CSRF double-submit bound to the refresh cookie', () => {
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;
  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('issues a script-readable XSRF-TOKEN cookie once and keeps it while it fits the refresh cookie', async () => {
    const res = await http.get('/api/auth/csrf-token');
    expect(res.status).toBe(204);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${CSRF_COOKIE}=`))!;
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(res.setCookies[HOST_COOKIE]).toBeUndefined();
    const token = res.setCookies[CSRF_COOKIE]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const again = await http.get('/api/auth/csrf-token', { cookies: { [CSRF_COOKIE]: token } });
    expect(again.status).toBe(204);
    expect(again.setCookies[CSRF_COOKIE]).toBeUndefined();
    // The same cookie beside a refresh cookie belongs to no session: a new one, bound to it, replaces it.
    const signedIn = await http.get('/api/auth/csrf-token', {
      cookies: { [CSRF_COOKIE]: token, [REFRESH_COOKIE]: user.refreshToken },
    });
    expect(signedIn.setCookies[CSRF_COOKIE]).toMatch(/\./);
    expect(signedIn.setCookies[CSRF_COOKIE]).not.toBe(token);
    // A made-up value is replaced too.
    const madeUp = await http.get('/api/auth/csrf-token', {
      cookies: { [CSRF_COOKIE]: 'csrf-token-value-0123456789' },
    });
    expect(madeUp.setCookies[CSRF_COOKIE]).toMatch(/\./);
  });

  it('refuses a cookie-bearing mutation without X-XSRF-TOKEN, or with a wrong one, with 403', async () => {
    const attempts = [
      () =>
        http.post('/api/auth/sign-out', {
          cookies: { [REFRESH_COOKIE]: user.refreshToken, [CSRF_COOKIE]: csrfTokenOf(user.refreshToken) },
        }),
      () =>
        http.post('/api/auth/sign-out', {
          cookies: { [REFRESH_COOKIE]: user.refreshToken },
          headers: { 'x-xsrf-token': csrfTokenOf(user.refreshToken) },
        }),
      () =>
        http.post(
          '/api/auth/refresh',
          asBrowser(user.refreshToken, { headers: { 'x-xsrf-token': `${CSRF_TOKEN}x` } }),
        ),
      () =>
        http.patch(`/api/users/${user.id}/profiles`, {
          token: user.accessToken,
          cookies: { [CSRF_COOKIE]: CSRF_TOKEN },
          form: multipartRequest({ name: 'csrfvictim' }),
        }),
      () =>
        http.patch(`/api/users/${user.id}/password`, {
          token: user.accessToken,
          cookies: { other: '1' },
          json: { password: 'hijack123' },
        }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(res.body).toEqual(csrfError);
    }
    // Nothing happened: the refresh token still works and the profile is unchanged.
    const profile = await http.get(`/api/users/${user.id}/profiles`, { token: user.accessToken });
    expect(profile.body.name).toBe(user.name);
    const refreshed = await http.post('/api/auth/refresh', asBrowser(user.refreshToken));
    expect(refreshed.status).toBe(200);
    user.refreshToken = refreshed.setCookies[REFRESH_COOKIE]!;
  });

  it('refuses a token of another session, a signed-out token beside a refresh cookie, and any value that merely equals the cookie', async () => {
    const other = await createUser(server);
    const cases: [string, string][] = [
      ['token of another session', csrfTokenOf(other.refreshToken)],
      ['token of a signed-out browser', csrfTokenOf()],
      ['made-up value in cookie and header', 'csrf-token-value-0123456789'],
      ['right shape, forged MAC', `${csrfTokenOf(user.refreshToken).slice(0, 23)}${'A'.repeat(43)}`],
    ];
    for (const [name, token] of cases) {
      const res = await http.post('/api/auth/refresh', {
        cookies: { [REFRESH_COOKIE]: user.refreshToken, [CSRF_COOKIE]: token },
        headers: { 'x-xsrf-token': token },
      });
      expect(res.status, name).toBe(403);
      expect(res.body, name).toEqual(csrfError);
      expect(res.setCookies[REFRESH_COOKIE], name).toBeUndefined();
    }
    // A signed-out browser's token passes only without a refresh cookie (sign-in, sign-up).
    const signIn = await http.post('/api/auth/sign-in', {
      form: signInForm(other),
      cookies: { [CSRF_COOKIE]: csrfTokenOf(other.refreshToken) },
      headers: { 'x-xsrf-token': csrfTokenOf(other.refreshToken) },
    });
    expect(signIn.status).toBe(403);
    expect(
      (await http.post('/api/auth/sign-in', asBrowser(undefined, { form: signInForm(other) }))).status,
    ).toBe(200);
  });

  it('lets the matching token through, and Bearer-only or safe requests need none', async () => {
    const withHeader = await http.patch(
      `/api/users/${user.id}/profiles`,
      asBrowser(user.refreshToken, {
        token: user.accessToken,
        form: multipartRequest({ temperatureSensitivity: 3 }),
      }),
    );
    expect(withHeader.status).toBe(200);
    const bearerOnly = await http.patch(`/api/users/${user.id}/profiles`, {
      token: user.accessToken,
      form: multipartRequest({ temperatureSensitivity: 1 }),
    });
    expect(bearerOnly.status).toBe(200);
    const safe = await http.get(`/api/users/${user.id}/profiles`, {
      token: user.accessToken,
      cookies: { [CSRF_COOKIE]: 'anything' },
    });
    expect(safe.status).toBe(200);
  });

  it('follows the refresh cookie through sign-in, refresh and sign-out, so a browser never has to ask again', async () => {
    const b = browser(http);
    expect((await b.get('/api/auth/csrf-token')).status).toBe(204);
    const signedOutToken = b.jar[CSRF_COOKIE]!;

    const signIn = await b.post('/api/auth/sign-in', { form: signInForm(user) });
    expect(signIn.status).toBe(200);
    expect(signIn.setCookies[CSRF_COOKIE]).toBeTruthy();
    expect(b.jar[CSRF_COOKIE]).not.toBe(signedOutToken);
    const firstRefreshCookie = b.jar[REFRESH_COOKIE]!;
    const firstToken = b.jar[CSRF_COOKIE]!;

    const refreshed = await b.post('/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    expect(b.jar[REFRESH_COOKIE]).not.toBe(firstRefreshCookie);
    expect(b.jar[CSRF_COOKIE]).not.toBe(firstToken);
    // The token of the rotated-away refresh cookie does not pass with the new one.
    const stale = await http.post('/api/auth/refresh', {
      cookies: { [REFRESH_COOKIE]: b.jar[REFRESH_COOKIE]!, [CSRF_COOKIE]: firstToken },
      headers: { 'x-xsrf-token': firstToken },
    });
    expect(stale.status).toBe(403);

    const out = await b.post('/api/auth/sign-out');
    expect(out.status).toBe(204);
    expect(b.jar[REFRESH_COOKIE]).toBeUndefined();
    expect(b.jar[CSRF_COOKIE]).toBeTruthy();
    // Signed out with the token that came with the sign-out: signing in again works without asking.
    expect((await b.post('/api/auth/sign-in', { form: signInForm(user) })).status).toBe(200);
    expect((await b.post('/api/auth/sign-out')).status).toBe(204);
  });

  it('gives a failed refresh (cookie cleared) a signed-out token that the next sign-in accepts', async () => {
    const b = browser(http);
    await b.get('/api/auth/csrf-token');
    expect((await b.post('/api/auth/sign-in', { form: signInForm(user) })).status).toBe(200);
    // The session ends elsewhere (signed out with the same cookie); this browser's refresh then fails.
    const out = await http.post('/api/auth/sign-out', asBrowser(b.jar[REFRESH_COOKIE]));
    expect(out.status).toBe(204);
    const failed = await b.post('/api/auth/refresh');
    expect(failed.status).toBe(401);
    expect(b.jar[REFRESH_COOKIE]).toBeUndefined();
    expect((await b.post('/api/auth/sign-in', { form: signInForm(user) })).status).toBe(200);
  });
});

describe('CSRF on https: the __Host- cookie', () => {
  let server: TestServer;
  let http: HttpClient;
  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL: 'https://otboo.example.com' } });
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sets __Host-XSRF-TOKEN (Secure, Path=/, no Domain) and XSRF-TOKEN with the same value', async () => {
    const res = await http.get('/api/auth/csrf-token');
    const lines = res.headers.getSetCookie();
    const host = lines.find((c) => c.startsWith(`${HOST_COOKIE}=`))!;
    expect(host).toMatch(/; Secure/i);
    expect(host).toMatch(/; Path=\/(;|$)/);
    expect(host).not.toMatch(/Domain=/i);
    expect(host).not.toMatch(/HttpOnly/i);
    expect(res.setCookies[CSRF_COOKIE]).toBe(res.setCookies[HOST_COOKIE]);
    // Kept while both are there and agree; reissued when the __Host- one is missing.
    const token = res.setCookies[HOST_COOKIE]!;
    const kept = await http.get('/api/auth/csrf-token', {
      cookies: { [CSRF_COOKIE]: token, [HOST_COOKIE]: token },
    });
    expect(kept.setCookies[HOST_COOKIE]).toBeUndefined();
    const renewed = await http.get('/api/auth/csrf-token', { cookies: { [CSRF_COOKIE]: token } });
    expect(renewed.setCookies[HOST_COOKIE]).toBeTruthy();
  });

  it('checks the __Host- cookie: a planted XSRF-TOKEN alone does not pass', async () => {
    const user = await createUser(server);
    const planted = csrfTokenOf(user.refreshToken);
    const alone = await http.post('/api/auth/refresh', {
      cookies: { [REFRESH_COOKIE]: user.refreshToken, [CSRF_COOKIE]: planted },
      headers: { 'x-xsrf-token': planted },
    });
    expect(alone.status).toBe(403);
    const both = await http.post('/api/auth/refresh', {
      cookies: { [REFRESH_COOKIE]: user.refreshToken, [CSRF_COOKIE]: planted, [HOST_COOKIE]: planted },
      headers: { 'x-xsrf-token': planted },
    });
    expect(both.status).toBe(200);
    // The new refresh cookie comes with both XSRF cookies, bound to it.
    expect(both.setCookies[HOST_COOKIE]).toBeTruthy();
    expect(both.setCookies[CSRF_COOKIE]).toBe(both.setCookies[HOST_COOKIE]);
    const next = both.setCookies[REFRESH_COOKIE]!;
    const token = both.setCookies[HOST_COOKIE]!;
    const again = await http.post('/api/auth/refresh', {
      cookies: { [REFRESH_COOKIE]: next, [CSRF_COOKIE]: token, [HOST_COOKIE]: token },
      headers: { 'x-xsrf-token': token },
    });
    expect(again.status).toBe(200);
  });
});
