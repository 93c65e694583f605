import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '@otboo/contract';
import { createUser, signIn } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

describe('auth: sign-in, refresh rotation, sign-out', () => {
  let server: TestServer;
  let http: HttpClient;
  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs in with the multipart form and sets an HttpOnly refresh cookie', async () => {
    const user = await createUser(server);
    const form = new FormData();
    form.append('username', user.email.toUpperCase());
    form.append('password', user.password);
    const res = await http.post('/api/auth/sign-in', { form });
    expect(res.status).toBe(200);
    expect(res.body.userDto).toMatchObject({ id: user.id, email: user.email, role: 'USER', locked: false, linkedOAuthProviders: [] });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('answers wrong credentials with 401 and the Korean message, same for an unknown e-mail', async () => {
    const user = await createUser(server);
    for (const [username, password] of [
      [user.email, 'wrongpass1'],
      ['nobody@otboo.test', 'wrongpass1'],
    ]) {
      const form = new FormData();
      form.append('username', username!);
      form.append('password', password!);
      const res = await http.post('/api/auth/sign-in', { form });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ exceptionName: 'BadCredentialsException', message: '이메일 또는 비밀번호가 올바르지 않습니다.', details: {} });
    }
  });

  it('rotates the refresh token and revokes the session when an old one is reused', async () => {
    const user = await createUser(server);
    const first = await http.post('/api/auth/refresh', { cookies: { [REFRESH_COOKIE]: user.refreshToken }, headers: { 'x-xsrf-token': 'x' } });
    // A request carrying cookies must pass the CSRF check first.
    expect(first.status).toBe(403);

    const rotated = await http.post('/api/auth/refresh', {
      cookies: { [REFRESH_COOKIE]: user.refreshToken, 'XSRF-TOKEN': 'csrf-token-value-123456789' },
      headers: { 'x-xsrf-token': 'csrf-token-value-123456789' },
    });
    expect(rotated.status).toBe(200);
    const next = rotated.setCookies[REFRESH_COOKIE];
    expect(next).toBeTruthy();
    expect(next).not.toBe(user.refreshToken);
    const me = await http.post('/api/auth/sign-out', { token: rotated.body.accessToken });
    expect(me.status).toBe(204);

    const user2 = await createUser(server);
    const csrf = { 'XSRF-TOKEN': 'csrf-token-value-123456789' };
    const h = { 'x-xsrf-token': 'csrf-token-value-123456789' };
    const r1 = await http.post('/api/auth/refresh', { cookies: { ...csrf, [REFRESH_COOKIE]: user2.refreshToken }, headers: h });
    expect(r1.status).toBe(200);
    // Reuse of the first token: 401, and the session (with its newest token and access tokens) ends.
    const reuse = await http.post('/api/auth/refresh', { cookies: { ...csrf, [REFRESH_COOKIE]: user2.refreshToken }, headers: h });
    expect(reuse.status).toBe(401);
    expect(reuse.setCookies[REFRESH_COOKIE]).toBe('');
    const newest = await http.post('/api/auth/refresh', {
      cookies: { ...csrf, [REFRESH_COOKIE]: r1.setCookies[REFRESH_COOKIE]! },
      headers: h,
    });
    expect(newest.status).toBe(401);
    const stillSignedIn = await signIn(server, user2.email, user2.password);
    expect(stillSignedIn.jwt.accessToken).toBeTruthy();
  });
});
