import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, REFRESH_COOKIE, ko } from '@otboo/contract';
import { CSRF_TOKEN, asBrowser } from '../support/auth.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

const csrfError = { exceptionName: 'CsrfTokenException', message: ko.common.csrfInvalid, details: {} };

describe('CSRF double-submit', () => {
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

  it('issues a script-readable XSRF-TOKEN cookie once and keeps it', async () => {
    const res = await http.get('/api/auth/csrf-token');
    expect(res.status).toBe(204);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${CSRF_COOKIE}=`))!;
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(res.setCookies[CSRF_COOKIE]).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const again = await http.get('/api/auth/csrf-token', {
      cookies: { [CSRF_COOKIE]: res.setCookies[CSRF_COOKIE]! },
    });
    expect(again.status).toBe(204);
    expect(again.setCookies[CSRF_COOKIE]).toBeUndefined();
  });

  it('refuses a cookie-bearing mutation without X-XSRF-TOKEN, or with a wrong one, with 403', async () => {
    const attempts = [
      () =>
        http.post('/api/auth/sign-out', {
          cookies: { [REFRESH_COOKIE]: user.refreshToken, [CSRF_COOKIE]: CSRF_TOKEN },
        }),
      () =>
        http.post('/api/auth/sign-out', {
          cookies: { [REFRESH_COOKIE]: user.refreshToken },
          headers: { 'x-xsrf-token': CSRF_TOKEN },
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

  it('lets matching cookie and header through, and Bearer-only or safe requests need none', async () => {
    const withHeader = await http.patch(
      `/api/users/${user.id}/profiles`,
      asBrowser(undefined, {
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
      cookies: { [CSRF_COOKIE]: CSRF_TOKEN },
    });
    expect(safe.status).toBe(200);
  });

  it('keeps XSRF-TOKEN across sign-in and sign-out', async () => {
    const form = new FormData();
    form.append('username', user.email);
    form.append('password', user.password);
    const signIn = await http.post('/api/auth/sign-in', asBrowser(undefined, { form }));
    expect(signIn.status).toBe(200);
    expect(signIn.setCookies[CSRF_COOKIE]).toBeUndefined();
    const signOut = await http.post('/api/auth/sign-out', asBrowser(signIn.setCookies[REFRESH_COOKIE]));
    expect(signOut.status).toBe(204);
    expect(signOut.setCookies[CSRF_COOKIE]).toBeUndefined();
    expect(signOut.setCookies[REFRESH_COOKIE]).toBe('');
  });
});
