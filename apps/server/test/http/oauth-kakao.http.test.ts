import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { ko } from '@otboo/contract';
import { socialAccounts, users } from '../../src/db/schema/index.js';
import { startKakaoOAuthFake, type KakaoOAuthFake } from '../fakes/kakao-oauth.js';
import { startOidcFake, type OidcFake } from '../fakes/oidc-provider.js';
import { refresh } from '../support/auth.js';
import { createUser, signIn } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import {
  OAUTH_PUBLIC_URL,
  STATE_COOKIE,
  callback,
  loginError,
  runLink,
  runOAuth,
  sessionOf,
  settingsResult,
} from '../support/oauth-flow.js';
import { startServer, type TestServer } from '../support/start-server.js';

const CALLBACK = `${OAUTH_PUBLIC_URL}/login/oauth2/code/kakao`;
let seq = 0;
const uniqueId = () => 4_000_000_000 + Math.floor(Math.random() * 1_000_000_000) + ++seq;

describe('social sign-in: Kakao', () => {
  let kakao: KakaoOAuthFake;
  let google: OidcFake;
  let server: TestServer;
  let http: HttpClient;

  async function countOf(table: typeof users | typeof socialAccounts) {
    const [row] = await server.database.db.select({ n: count() }).from(table);
    return row!.n;
  }

  beforeAll(async () => {
    kakao = await startKakaoOAuthFake({ redirectUris: [CALLBACK] });
    google = await startOidcFake({ redirectUris: [`${OAUTH_PUBLIC_URL}/login/oauth2/code/google`] });
    server = await startServer({
      env: {
        PUBLIC_URL: OAUTH_PUBLIC_URL,
        KAKAO_CLIENT_ID: kakao.clientId,
        KAKAO_CLIENT_SECRET: kakao.clientSecret!,
        OAUTH_KAKAO_BASE_URL: kakao.authUrl,
        OAUTH_KAKAO_API_URL: kakao.apiUrl,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        OAUTH_GOOGLE_ISSUER_URL: google.url,
        LINK_IMPORT_ALLOW_PRIVATE: 'true',
      },
    });
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await kakao?.close();
    await google?.close();
  });
  beforeEach(() => {
    kakao.mode = 'auto';
    kakao.user = {
      id: uniqueId(),
      nickname: '옷잘입는 라이언 🦁',
      profileImageUrl: '/pictures/avatar.png',
      email: `k${Date.now()}${++seq}@kakao.com`,
      isEmailValid: true,
      isEmailVerified: true,
    };
  });

  it('sends the browser to kauth with the scopes, state and PKCE S256', async () => {
    const run = await runOAuth(server, 'kakao', { until: 'provider' });
    const location = new URL(run.start.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${kakao.authUrl}/oauth/authorize`);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(kakao.clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('scope')).toBe('profile_nickname profile_image account_email');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(run.stateCookieLine).toMatch(/Path=\/login\/oauth2\/code\/kakao(;|$)/);
  });

  it('creates an account from the Kakao profile: verified e-mail, nickname, avatar copied; token request complete', async () => {
    const jwt = await sessionOf(server, await runOAuth(server, 'kakao'));
    expect(jwt.userDto).toMatchObject({
      email: kakao.user.email,
      name: '옷잘입는라이언',
      linkedOAuthProviders: ['kakao'],
    });
    const token = kakao.tokenRequests.at(-1)!;
    expect(Object.fromEntries(token)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: kakao.clientId,
      client_secret: kakao.clientSecret,
      redirect_uri: CALLBACK,
    });
    expect(token.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kakao.userMeRequests.at(-1)!.searchParams.get('secure_resource')).toBe('true');
    const profile = await http.get(`/api/users/${jwt.userDto.id}/profiles`, { token: jwt.accessToken });
    expect(profile.body.profileImageUrl).toMatch(/^\/files\/profiles\/[0-9a-f-]{36}\.webp$/);
  });

  it('signs a returning Kakao user in to the same account', async () => {
    const first = await sessionOf(server, await runOAuth(server, 'kakao'));
    const usersBefore = await countOf(users);
    const second = await sessionOf(server, await runOAuth(server, 'kakao'));
    expect(second.userDto.id).toBe(first.userDto.id);
    expect(await countOf(users)).toBe(usersBefore);
  });

  it('gives a user without an e-mail a stable placeholder address and no avatar for the default image', async () => {
    delete kakao.user.email;
    kakao.user.isDefaultImage = true;
    const picturesBefore = kakao.counts.pictures;
    const first = await sessionOf(server, await runOAuth(server, 'kakao'));
    expect(first.userDto.email).toBe(`kakao_${kakao.user.id}@users.otboo.invalid`);
    const profile = await http.get(`/api/users/${first.userDto.id}/profiles`, { token: first.accessToken });
    expect(profile.body.profileImageUrl).toBeNull();
    expect(kakao.counts.pictures).toBe(picturesBefore);
    expect((await sessionOf(server, await runOAuth(server, 'kakao'))).userDto.id).toBe(first.userDto.id);
  });

  it('does not collide with someone who signed up with the placeholder address by hand', async () => {
    delete kakao.user.email;
    const squatter = await createUser(server, { email: `kakao_${kakao.user.id}@users.otboo.invalid` });
    const jwt = await sessionOf(server, await runOAuth(server, 'kakao'));
    expect(jwt.userDto.id).not.toBe(squatter.id);
    expect(jwt.userDto.email).toMatch(
      new RegExp(`^kakao_${kakao.user.id}\\.[0-9a-f]{6}@users\\.otboo\\.invalid$`),
    );
    expect((await sessionOf(server, await runOAuth(server, 'kakao'))).userDto.id).toBe(jwt.userDto.id);
  });

  it('links by a valid, verified e-mail only an account without a password; one with a password must link in settings', async () => {
    const withPassword = await createUser(server);
    kakao.user.email = withPassword.email;
    const linksBefore = await countOf(socialAccounts);
    const refused = await runOAuth(server, 'kakao');
    expect(loginError(refused.callback)).toBe(ko.auth.oauthAccountExists(ko.auth.providerKakao));
    expect(await countOf(socialAccounts)).toBe(linksBefore);

    // An account Google made has no password: Kakao with the same verified e-mail joins it.
    const email = `both${Date.now()}${++seq}@gmail.com`;
    google.user = { sub: `20${Date.now()}${++seq}`, email, email_verified: true, name: 'x' };
    const byGoogle = await sessionOf(server, await runOAuth(server, 'google'));
    kakao.user = { ...kakao.user, id: uniqueId(), email };
    const jwt = await sessionOf(server, await runOAuth(server, 'kakao'));
    expect(jwt.userDto).toMatchObject({ id: byGoogle.userDto.id, linkedOAuthProviders: ['google', 'kakao'] });
    // The Google session ended with the link.
    expect(
      (await http.get(`/api/users/${jwt.userDto.id}/profiles`, { token: byGoogle.accessToken })).status,
    ).toBe(401);
  });

  for (const [label, flags] of [
    ['not verified', { isEmailVerified: false }],
    ['no longer valid', { isEmailValid: false }],
  ] as const) {
    it(`refuses an e-mail that is ${label} when it belongs to an account; without one it gets a placeholder`, async () => {
      const existing = await createUser(server);
      Object.assign(kakao.user, { email: existing.email }, flags);
      const [usersBefore, linksBefore] = [await countOf(users), await countOf(socialAccounts)];
      expect(loginError((await runOAuth(server, 'kakao')).callback)).toBe(ko.auth.oauthEmailUnverified);
      expect([await countOf(users), await countOf(socialAccounts)]).toEqual([usersBefore, linksBefore]);

      kakao.user.email = `fresh${Date.now()}${++seq}@kakao.com`;
      const jwt = await sessionOf(server, await runOAuth(server, 'kakao'));
      expect(jwt.userDto.email).toBe(`kakao_${kakao.user.id}@users.otboo.invalid`);
    });
  }

  it('links Google and Kakao to a password account from settings; both are listed', async () => {
    const existing = await createUser(server);
    google.user = { sub: `20${Date.now()}${++seq}`, email: existing.email, email_verified: true, name: 'x' };
    expect(settingsResult((await runLink(server, 'google', existing)).callback)).toEqual({
      linked: 'google',
    });
    expect(settingsResult((await runLink(server, 'kakao', existing)).callback)).toEqual({ linked: 'kakao' });
    expect((await sessionOf(server, await runOAuth(server, 'kakao'))).userDto.id).toBe(existing.id);
    expect(
      (await signIn(server, existing.email, existing.password)).jwt.userDto.linkedOAuthProviders,
    ).toEqual(['google', 'kakao']);
  });

  it('tells a cancelled link in settings, not on the login page', async () => {
    const user = await createUser(server);
    kakao.mode = 'deny';
    const run = await runLink(server, 'kakao', user);
    expect(settingsResult(run.callback)).toEqual({ error: ko.auth.oauthDenied });
    expect((await refresh(server, user.refreshToken)).body.userDto.linkedOAuthProviders).toEqual([]);
  });

  it('tells a user who pressed cancel that sign-in was cancelled', async () => {
    kakao.mode = 'deny';
    const run = await runOAuth(server, 'kakao');
    expect(loginError(run.callback)).toBe(ko.auth.oauthDenied);
    expect(run.callback!.setCookies[STATE_COOKIE]).toBe('');
  });

  it('refuses a replayed callback and a code someone else redeemed first', async () => {
    const run = await runOAuth(server, 'kakao');
    await sessionOf(server, run);
    expect(loginError(await callback(server, run.callbackUrl!, run.stateCookie))).toBe(
      ko.auth.oauthStateInvalid,
    );

    const usersBefore = await countOf(users);
    const pending = await runOAuth(server, 'kakao', { until: 'provider' });
    const code = new URL(pending.callbackUrl!).searchParams.get('code')!;
    const stolen = await fetch(`${kakao.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: kakao.clientId,
        client_secret: kakao.clientSecret!,
        redirect_uri: CALLBACK,
        code,
      }),
    });
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ error: 'invalid_grant', error_code: 'KOE322' });
    expect(loginError(await callback(server, pending.callbackUrl!, pending.stateCookie))).toBe(
      ko.auth.oauthFailed,
    );
    expect(await countOf(users)).toBe(usersBefore);
  });

  it('answers a Kakao API that refuses the token with the generic failure', async () => {
    const usersBefore = await countOf(users);
    // A fake whose kapi knows none of kauth's tokens: /v2/user/me answers {"msg":…,"code":-401}.
    const other = await startKakaoOAuthFake({ redirectUris: [CALLBACK] });
    const split = await startServer({
      env: {
        PUBLIC_URL: OAUTH_PUBLIC_URL,
        KAKAO_CLIENT_ID: kakao.clientId,
        KAKAO_CLIENT_SECRET: kakao.clientSecret!,
        OAUTH_KAKAO_BASE_URL: kakao.authUrl,
        OAUTH_KAKAO_API_URL: other.apiUrl,
      },
    });
    try {
      expect(loginError((await runOAuth(split, 'kakao')).callback)).toBe(ko.auth.oauthFailed);
      expect(other.userMeRequests).toHaveLength(1);
    } finally {
      await split.close();
      await other.close();
    }
    expect(await countOf(users)).toBe(usersBefore);
  });
});

describe('social sign-in: Kakao app without a client secret', () => {
  it('signs in with the REST API key alone and sends no client_secret', async () => {
    const kakao = await startKakaoOAuthFake({ clientSecret: null, redirectUris: [CALLBACK] });
    const server = await startServer({
      env: {
        PUBLIC_URL: OAUTH_PUBLIC_URL,
        KAKAO_CLIENT_ID: kakao.clientId,
        OAUTH_KAKAO_BASE_URL: kakao.authUrl,
        OAUTH_KAKAO_API_URL: kakao.apiUrl,
      },
    });
    kakao.user.profileImageUrl = '/pictures/avatar.png';
    try {
      const jwt = await sessionOf(server, await runOAuth(server, 'kakao'));
      expect(jwt.userDto.linkedOAuthProviders).toEqual(['kakao']);
      expect(kakao.tokenRequests.at(-1)!.has('client_secret')).toBe(false);
      // Without LINK_IMPORT_ALLOW_PRIVATE the loopback avatar is not fetched: the provider's address is kept.
      const profile = await httpClient(server.url).get(`/api/users/${jwt.userDto.id}/profiles`, {
        token: jwt.accessToken,
      });
      expect(profile.body.profileImageUrl).toBe(`${kakao.apiUrl}/pictures/avatar.png`);
      expect(kakao.counts.pictures).toBe(0);
    } finally {
      await server.close();
      await kakao.close();
    }
  });
});
