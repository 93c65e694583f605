import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ko } from '@otboo/contract';
import { profiles, sessions, socialAccounts, users } from '../../src/db/schema/index.js';
import { startOidcFake, type OidcFake } from '../fakes/oidc-provider.js';
import { asBrowser, refresh } from '../support/auth.js';
import { createUser, signIn, signInAsAdmin } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { waitForOutbox, temporaryPasswordIn } from '../support/mail.js';
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

const CALLBACK = `${OAUTH_PUBLIC_URL}/login/oauth2/code/google`;
let seq = 0;
const uniqueSub = () => `10${Date.now()}${++seq}`.padEnd(21, '7');

describe('social sign-in: Google (OpenID Connect)', () => {
  let google: OidcFake;
  let server: TestServer;
  let http: HttpClient;

  async function countOf(table: typeof users | typeof socialAccounts) {
    const [row] = await server.database.db.select({ n: count() }).from(table);
    return row!.n;
  }

  beforeAll(async () => {
    google = await startOidcFake({ redirectUris: [CALLBACK] });
    server = await startServer({
      env: {
        PUBLIC_URL: OAUTH_PUBLIC_URL,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        OAUTH_GOOGLE_ISSUER_URL: google.url,
        // The fake serves avatars on a loopback port; production keeps the private-address check.
        LINK_IMPORT_ALLOW_PRIVATE: 'true',
      },
    });
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });
  beforeEach(() => {
    google.mode = 'auto';
    google.tamper = {};
    google.tokenDelayMs = 0;
    google.user = {
      sub: uniqueSub(),
      email: `g${Date.now()}${++seq}@gmail.com`,
      email_verified: true,
      name: '구글 사용자',
      picture: '/pictures/avatar.png',
    };
  });

  describe('the redirect to Google', () => {
    it('sends the browser to the discovered authorize endpoint with state, nonce and PKCE S256, and sets a scoped state cookie', async () => {
      const run = await runOAuth(server, 'google', { until: 'provider' });
      expect(run.start.status).toBe(302);
      const location = new URL(run.start.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(`${google.url}/authorize`);
      const q = location.searchParams;
      expect(q.get('response_type')).toBe('code');
      expect(q.get('client_id')).toBe(google.clientId);
      expect(q.get('redirect_uri')).toBe(CALLBACK);
      expect(q.get('scope')).toBe('openid email profile');
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Nothing secret in the URL: the verifier stays in the signed cookie.
      expect(run.stateCookie).toBeTruthy();
      expect(location.toString()).not.toContain(run.stateCookie!.split('.')[1]!);
      const line = run.stateCookieLine!;
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Lax/i);
      expect(line).toMatch(/Path=\/login\/oauth2\/code\/google(;|$)/);
      expect(line).toMatch(/Max-Age=600/);
      expect(line).not.toMatch(/Secure/i);
      expect(run.start.headers.get('cache-control')).toBe('no-store');
    });

    it('reads the discovery document once for many sign-ins', async () => {
      const before = google.counts.discovery;
      await runOAuth(server, 'google', { until: 'provider' });
      await runOAuth(server, 'google', { until: 'provider' });
      expect(google.counts.discovery - before).toBe(0);
    });
  });

  describe('accounts', () => {
    it('creates a new account: verified e-mail, a valid name, no password, our own copy of the avatar, google linked', async () => {
      const usersBefore = await countOf(users);
      google.user.name = 'Hong Gil-dong 🙂';
      const run = await runOAuth(server, 'google');
      expect(run.callback!.status).toBe(302);
      expect(run.callback!.headers.get('location')).toBe('/');
      // The pending sign-in ends; the refresh cookie is the one a password sign-in sets.
      expect(run.callback!.setCookies[STATE_COOKIE]).toBe('');
      const refreshLine = run.callback!.headers.getSetCookie().find((c) => c.startsWith('REFRESH_TOKEN='))!;
      expect(refreshLine).toMatch(/HttpOnly/i);
      expect(refreshLine).toMatch(/Path=\/(;|$)/);
      expect(refreshLine).toMatch(/SameSite=Lax/i);

      const jwt = await sessionOf(server, run);
      expect(jwt.userDto).toMatchObject({
        email: google.user.email,
        name: 'HongGildong',
        role: 'USER',
        locked: false,
        linkedOAuthProviders: ['google'],
      });
      expect(await countOf(users)).toBe(usersBefore + 1);
      const [row] = await server.database.db.select().from(users).where(eq(users.id, jwt.userDto.id));
      expect(row!.passwordHash).toBeNull();

      const profile = await http.get(`/api/users/${jwt.userDto.id}/profiles`, { token: jwt.accessToken });
      expect(profile.body.profileImageUrl).toMatch(/^\/files\/profiles\/[0-9a-f-]{36}\.webp$/);
      const image = await fetch(`${server.url}${profile.body.profileImageUrl}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      const [stored] = await server.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, jwt.userDto.id));
      expect(stored!.externalImageUrl).toBeNull();
    });

    it('signs a returning user in to the same account, with a new session', async () => {
      const first = await sessionOf(server, await runOAuth(server, 'google'));
      const usersBefore = await countOf(users);
      google.user.email = `renamed${Date.now()}@gmail.com`;
      const second = await sessionOf(server, await runOAuth(server, 'google'));
      expect(second.userDto.id).toBe(first.userDto.id);
      // The account keeps its e-mail: the link is by Google's subject, not by address.
      expect(second.userDto.email).toBe(first.userDto.email);
      expect(await countOf(users)).toBe(usersBefore);
      const [n] = await server.database.db
        .select({ n: count() })
        .from(sessions)
        .where(eq(sessions.userId, first.userDto.id));
      expect(n!.n).toBe(2);
    });

    it('does not link an account that has a password by e-mail: says to sign in and link in settings', async () => {
      // Someone signed up with the address before its owner came with Google.
      const squatter = await createUser(server);
      google.user.email = squatter.email.toUpperCase();
      const [usersBefore, linksBefore] = [await countOf(users), await countOf(socialAccounts)];
      const run = await runOAuth(server, 'google');
      expect(run.callback!.status).toBe(302);
      expect(loginError(run.callback)).toBe(ko.auth.oauthAccountExists('Google'));
      expect(run.callback!.setCookies.REFRESH_TOKEN).toBeUndefined();
      expect([await countOf(users), await countOf(socialAccounts)]).toEqual([usersBefore, linksBefore]);
      expect(
        (await signIn(server, squatter.email, squatter.password)).jwt.userDto.linkedOAuthProviders,
      ).toEqual([]);
    });

    it('links Google in settings after a password sign-in; the other sessions end', async () => {
      const existing = await createUser(server);
      const otherDevice = await signIn(server, existing.email, existing.password);
      google.user.email = `someone.else.${Date.now()}@gmail.com`;
      const run = await runLink(server, 'google', existing);
      expect(run.start.status).toBe(200);
      expect(run.start.headers.get('cache-control')).toBe('no-store');
      const location = new URL(run.start.body.authorizationUrl);
      expect(`${location.origin}${location.pathname}`).toBe(`${google.url}/authorize`);
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      expect(run.stateCookieLine).toMatch(/HttpOnly/i);
      expect(run.stateCookieLine).toMatch(/Path=\/login\/oauth2\/code\/google(;|$)/);

      expect(settingsResult(run.callback)).toEqual({ linked: 'google' });
      // No new session: the browser keeps the one that asked.
      expect(run.callback!.setCookies.REFRESH_TOKEN).toBeUndefined();
      expect(run.callback!.setCookies[STATE_COOKIE]).toBe('');
      const refreshed = await refresh(server, existing.refreshToken);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.userDto).toMatchObject({ id: existing.id, linkedOAuthProviders: ['google'] });
      expect(
        (await http.get(`/api/users/${existing.id}/profiles`, { token: otherDevice.jwt.accessToken })).status,
      ).toBe(401);
      expect((await refresh(server, otherDevice.refreshToken)).status).toBe(401);
      // Google now signs in to that account; the password still works.
      expect((await sessionOf(server, await runOAuth(server, 'google'))).userDto.id).toBe(existing.id);
      expect(
        (await signIn(server, existing.email, existing.password)).jwt.userDto.linkedOAuthProviders,
      ).toEqual(['google']);
      // Linking the same Google account again changes nothing.
      const again = await signIn(server, existing.email, existing.password);
      expect(
        settingsResult(
          (
            await runLink(server, 'google', {
              id: existing.id,
              ...again.jwt,
              refreshToken: again.refreshToken,
            })
          ).callback,
        ),
      ).toEqual({ linked: 'google' });
    });

    it('starts a link only for oneself, right after signing in, for a known provider', async () => {
      const user = await createUser(server);
      const other = await createUser(server);
      const start = (userId: string, provider: string, token?: string) =>
        http.post(`/api/users/${userId}/social-links/${provider}`, asBrowser(undefined, { token }));
      expect((await start(user.id, 'google')).status).toBe(401);
      const foreign = await start(other.id, 'google', user.accessToken);
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toBe(ko.users.notSelf);
      const unknown = await start(user.id, 'naver', user.accessToken);
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(ko.auth.socialProviderUnknown);
      // Kakao has no credentials on this server.
      const kakao = await start(user.id, 'kakao', user.accessToken);
      expect(kakao.status).toBe(400);
      expect(kakao.body.message).toBe(ko.auth.oauthNotConfigured(ko.auth.providerKakao));
      // Ten minutes after signing in, a stolen access token cannot attach the thief's Google account.
      await server.database.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(sessions.userId, user.id));
      const stale = await start(user.id, 'google', user.accessToken);
      expect(stale.status).toBe(403);
      expect(stale.body).toEqual({
        exceptionName: 'ReauthenticationRequiredException',
        message: ko.auth.socialLinkReauth,
        details: {},
      });
      expect(stale.headers.get('set-cookie')).toBeNull();
      // Signing in again is the proof.
      const fresh = await signIn(server, user.email, user.password);
      expect((await start(user.id, 'google', fresh.jwt.accessToken)).status).toBe(200);
    });

    it("refuses to link a Google account that is another user's, or a second one; tells it in settings", async () => {
      const owner = await sessionOf(server, await runOAuth(server, 'google'));
      const user = await createUser(server);
      const taken = await runLink(server, 'google', user);
      expect(settingsResult(taken.callback)).toEqual({ error: ko.auth.socialLinkTaken('Google') });
      expect((await refresh(server, user.refreshToken)).body.userDto.linkedOAuthProviders).toEqual([]);

      google.user = { ...google.user, sub: uniqueSub() };
      expect(settingsResult((await runLink(server, 'google', user)).callback)).toEqual({ linked: 'google' });
      google.user = { ...google.user, sub: uniqueSub() };
      const fresh = await signIn(server, user.email, user.password);
      const second = await runLink(server, 'google', {
        id: user.id,
        accessToken: fresh.jwt.accessToken,
        refreshToken: fresh.refreshToken,
      });
      expect(settingsResult(second.callback)).toEqual({ error: ko.auth.socialLinkOtherLinked('Google') });
      const [ownerLink] = await server.database.db
        .select()
        .from(socialAccounts)
        .where(eq(socialAccounts.userId, owner.userDto.id));
      expect(ownerLink).toBeDefined();
    });

    it('links nothing when the session that asked ended before Google came back', async () => {
      const user = await createUser(server);
      const linksBefore = await countOf(socialAccounts);
      // A link started, then the user signed out on that device.
      const started = await http.post(
        `/api/users/${user.id}/social-links/google`,
        asBrowser(user.refreshToken, { token: user.accessToken }),
      );
      await http.post('/api/auth/sign-out', asBrowser(user.refreshToken));
      const authorize = await fetch(started.body.authorizationUrl, { redirect: 'manual' });
      const back = await callback(
        server,
        authorize.headers.get('location')!,
        started.setCookies[STATE_COOKIE],
      );
      expect(settingsResult(back)).toEqual({ error: ko.auth.socialLinkSessionEnded });
      expect(await countOf(socialAccounts)).toBe(linksBefore);
    });

    it('links an account without a password by its verified e-mail, and ends its other sessions', async () => {
      // An account made by another provider (no password): nobody could have squatted it with one.
      const existing = await createUser(server);
      await server.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, existing.id));
      google.user.email = existing.email;
      const jwt = await sessionOf(server, await runOAuth(server, 'google'));
      expect(jwt.userDto).toMatchObject({ id: existing.id, linkedOAuthProviders: ['google'] });
      expect(
        (await http.get(`/api/users/${existing.id}/profiles`, { token: existing.accessToken })).status,
      ).toBe(401);
      expect((await http.get(`/api/users/${existing.id}/profiles`, { token: jwt.accessToken })).status).toBe(
        200,
      );
      // The admin list shows it too.
      const admin = await signInAsAdmin(server);
      const list = await http.get('/api/users', {
        token: admin.accessToken,
        query: { emailLike: existing.email },
      });
      expect(list.body.data[0].linkedOAuthProviders).toEqual(['google']);
    });

    it('refuses an unverified e-mail that belongs to an account: nothing linked or created', async () => {
      const existing = await createUser(server);
      google.user.email = existing.email;
      google.user.email_verified = false;
      const [usersBefore, linksBefore] = [await countOf(users), await countOf(socialAccounts)];
      const run = await runOAuth(server, 'google');
      expect(loginError(run.callback)).toBe(ko.auth.oauthEmailUnverified);
      expect(run.callback!.setCookies.REFRESH_TOKEN).toBeUndefined();
      expect([await countOf(users), await countOf(socialAccounts)]).toEqual([usersBefore, linksBefore]);
    });

    it('gives an unverified e-mail no account of its own: a new account gets the placeholder address', async () => {
      google.user.email_verified = false;
      const jwt = await sessionOf(server, await runOAuth(server, 'google'));
      expect(jwt.userDto.email).toBe(`google_${google.user.sub}@users.otboo.invalid`);
    });

    it('refuses a locked account, linked or matched by e-mail, and links nothing', async () => {
      const admin = await signInAsAdmin(server);
      const lock = (id: string) =>
        http.patch(
          `/api/users/${id}/lock`,
          asBrowser(undefined, { token: admin.accessToken, json: { locked: true } }),
        );

      const linked = await sessionOf(server, await runOAuth(server, 'google'));
      expect((await lock(linked.userDto.id)).status).toBe(200);
      expect(loginError((await runOAuth(server, 'google')).callback)).toBe(ko.auth.oauthLocked);

      const existing = await createUser(server);
      expect((await lock(existing.id)).status).toBe(200);
      google.user = { ...google.user, sub: uniqueSub(), email: existing.email };
      expect(loginError((await runOAuth(server, 'google')).callback)).toBe(ko.auth.oauthLocked);
      expect(
        await server.database.db.select().from(socialAccounts).where(eq(socialAccounts.userId, existing.id)),
      ).toEqual([]);
    });

    it('refuses a second Google account for an account that already has one', async () => {
      const first = await sessionOf(server, await runOAuth(server, 'google'));
      google.user = { ...google.user, sub: uniqueSub(), email: first.userDto.email };
      expect(loginError((await runOAuth(server, 'google')).callback)).toBe(
        ko.auth.oauthOtherAccountLinked('Google'),
      );
    });

    it('makes a valid name from any provider name', async () => {
      for (const [given, expected] of [
        ['김옷장', /^김옷장$/],
        ['J', /^사용자\d{4}$/],
        [undefined, /^사용자\d{4}$/],
        ['아주아주아주아주아주긴이름을가진사용자입니다', /^아주아주아주아주아주긴이름을가진사용자입$/],
      ] as const) {
        google.user = {
          ...google.user,
          sub: uniqueSub(),
          email: `n${Date.now()}${++seq}@gmail.com`,
          name: given,
        };
        expect((await sessionOf(server, await runOAuth(server, 'google'))).userDto.name).toMatch(expected);
      }
    });

    it('keeps the provider address when the avatar cannot be copied (not an image)', async () => {
      google.user.picture = '/pictures/not-an-image';
      const jwt = await sessionOf(server, await runOAuth(server, 'google'));
      const profile = await http.get(`/api/users/${jwt.userDto.id}/profiles`, { token: jwt.accessToken });
      expect(profile.body.profileImageUrl).toBe(`${google.url}/pictures/not-an-image`);
    });

    it('lets an account made by Google set a password through forgot-password', async () => {
      const jwt = await sessionOf(server, await runOAuth(server, 'google'));
      const email = jwt.userDto.email;
      expect((await http.post('/api/auth/reset-password', { json: { email } })).status).toBe(204);
      const mails = await waitForOutbox(server.dataDir, 1);
      const mail = mails.filter((m) => m.to === email).at(-1)!;
      const temporary = await signIn(server, email, temporaryPasswordIn(mail));
      expect(temporary.jwt.userDto.id).toBe(jwt.userDto.id);
      const changed = await http.patch(
        `/api/users/${jwt.userDto.id}/password`,
        asBrowser(undefined, { token: temporary.jwt.accessToken, json: { password: 'newpass123' } }),
      );
      expect(changed.status).toBe(204);
      expect((await signIn(server, email, 'newpass123')).jwt.userDto).toMatchObject({
        id: jwt.userDto.id,
        linkedOAuthProviders: ['google'],
      });
      // Google still signs in to it.
      expect((await sessionOf(server, await runOAuth(server, 'google'))).userDto.id).toBe(jwt.userDto.id);
    });
  });

  describe('refusals', () => {
    const exactLoginRedirect = (message: string) =>
      `/#/auth/login?error=oauth&error_message=${encodeURIComponent(message)}`;

    it('refuses a forged state, a missing cookie and a tampered cookie before any token request', async () => {
      const usersBefore = await countOf(users);
      const tokenBefore = google.counts.token;
      const run = await runOAuth(server, 'google', { until: 'provider' });
      const url = new URL(run.callbackUrl!);
      const forged = new URL(url);
      forged.searchParams.set('state', 'A'.repeat(43));
      const [payload, mac] = run.stateCookie!.split('.') as [string, string];
      const tampered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), s: 'A'.repeat(43) })).toString('base64url')}.${mac}`;
      for (const [target, cookie] of [
        [forged.toString(), run.stateCookie],
        [url.toString(), undefined],
        [forged.toString(), tampered],
        [url.toString(), 'garbage'],
      ] as const) {
        const res = await callback(server, target, cookie);
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe(exactLoginRedirect(ko.auth.oauthStateInvalid));
        expect(res.setCookies.REFRESH_TOKEN).toBeUndefined();
      }
      expect(google.counts.token).toBe(tokenBefore);
      expect(await countOf(users)).toBe(usersBefore);
    });

    it('refuses a replayed callback, even with the cookie kept', async () => {
      const run = await runOAuth(server, 'google');
      await sessionOf(server, run);
      const tokenBefore = google.counts.token;
      const replay = await callback(server, run.callbackUrl!, run.stateCookie);
      expect(replay.headers.get('location')).toBe(exactLoginRedirect(ko.auth.oauthStateInvalid));
      expect(replay.setCookies.REFRESH_TOKEN).toBeUndefined();
      expect(google.counts.token).toBe(tokenBefore);
    });

    it('fails when the code was already used; the provider refuses a second exchange', async () => {
      const usersBefore = await countOf(users);
      const run = await runOAuth(server, 'google', { until: 'provider' });
      const code = new URL(run.callbackUrl!).searchParams.get('code')!;
      // Someone else exchanged it first (without the verifier, which only this browser's cookie holds).
      const stolen = await google.redeem(code, CALLBACK, null);
      expect(stolen).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'code_verifier required' },
      });
      const res = await callback(server, run.callbackUrl!, run.stateCookie);
      expect(res.headers.get('location')).toBe(exactLoginRedirect(ko.auth.oauthFailed));
      expect(await countOf(users)).toBe(usersBefore);
      expect(await google.redeem(code, CALLBACK, 'x'.repeat(43))).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant' },
      });
    });

    for (const [label, tamper] of [
      ['another audience', { aud: 'someone-else.apps.example' }],
      ['another issuer', { iss: 'https://evil.example' }],
      ['a key not in the JWKS', { foreignKey: true }],
      ['an expired token', { expired: true }],
      ['another nonce', { nonce: 'not-the-nonce' }],
    ] as const) {
      it(`refuses an ID token with ${label}: no account created or linked`, async () => {
        const existing = await createUser(server);
        google.user.email = existing.email;
        google.tamper = tamper;
        const [usersBefore, linksBefore] = [await countOf(users), await countOf(socialAccounts)];
        const run = await runOAuth(server, 'google');
        expect(run.callback!.headers.get('location')).toBe(exactLoginRedirect(ko.auth.oauthFailed));
        expect(run.callback!.setCookies.REFRESH_TOKEN).toBeUndefined();
        expect([await countOf(users), await countOf(socialAccounts)]).toEqual([usersBefore, linksBefore]);
      });
    }

    it('tells a user who declined consent that sign-in was cancelled, and ends the pending sign-in', async () => {
      google.mode = 'deny';
      const run = await runOAuth(server, 'google');
      expect(run.callback!.headers.get('location')).toBe(exactLoginRedirect(ko.auth.oauthDenied));
      expect(run.callback!.setCookies[STATE_COOKIE]).toBe('');
    });

    it('passes no provider detail on: other errors and a missing code are the generic failure', async () => {
      const run = await runOAuth(server, 'google', { until: 'provider' });
      const url = new URL(run.callbackUrl!);
      url.searchParams.delete('code');
      url.searchParams.set('error', 'server_error');
      url.searchParams.set('error_description', 'secret internal detail <script>');
      const res = await callback(server, url.toString(), run.stateCookie);
      expect(res.headers.get('location')).toBe(exactLoginRedirect(ko.auth.oauthFailed));
      url.searchParams.delete('error');
      expect((await callback(server, url.toString(), run.stateCookie)).headers.get('location')).toBe(
        exactLoginRedirect(ko.auth.oauthFailed),
      );
    });

    it('gives up on a provider slower than 5 seconds', async () => {
      google.tokenDelayMs = 6_500;
      const started = Date.now();
      const run = await runOAuth(server, 'google');
      expect(run.callback!.headers.get('location')).toBe(exactLoginRedirect(ko.auth.oauthFailed));
      expect(Date.now() - started).toBeLessThan(6_400);
    }, 20_000);

    it('answers odd callbacks with a redirect, never a 500: repeated, huge and empty parameters', async () => {
      for (const query of [
        '?code=a&code=b&state=x&state=y',
        `?code=${'c'.repeat(5000)}&state=${'s'.repeat(5000)}`,
        '?code=&state=',
        '?%zz=1',
      ]) {
        const res = await callback(server, `${CALLBACK}${query}`, 'x.y');
        expect(res.status).toBe(302);
        expect(loginError(res)).not.toBeNull();
      }
    });
  });
});

describe('social sign-in: providers not configured, unknown or down', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends the browser back to the login page with a clear Korean message when a provider has no credentials', async () => {
    for (const [provider, label] of [
      ['google', ko.auth.providerGoogle],
      ['kakao', ko.auth.providerKakao],
    ] as const) {
      const start = await runOAuth(server, provider);
      expect(start.start.status).toBe(302);
      expect(loginError(start.start)).toBe(ko.auth.oauthNotConfigured(label));
      expect(start.stateCookie).toBeUndefined();
      const back = await callback(server, `/login/oauth2/code/${provider}?code=x&state=y`, undefined);
      expect(loginError(back)).toBe(ko.auth.oauthNotConfigured(label));
    }
  });

  it('answers an unknown provider with the generic failure, on both paths', async () => {
    for (const provider of ['naver', 'GOOGLE', '%20', 'a'.repeat(300)]) {
      const start = await runOAuth(server, provider);
      expect(loginError(start.start)).toBe(ko.auth.oauthFailed);
      const back = await callback(
        server,
        `/login/oauth2/code/${encodeURIComponent(provider)}?code=x&state=y`,
        'a.b',
      );
      expect(loginError(back)).toBe(ko.auth.oauthFailed);
    }
  });

  it('answers a Google whose discovery cannot be reached with the generic failure', async () => {
    const down = await startServer({
      env: {
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        OAUTH_GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const run = await runOAuth(down, 'google');
      expect(loginError(run.start)).toBe(ko.auth.oauthFailed);
      expect(run.stateCookie).toBeUndefined();
    } finally {
      await down.close();
    }
  });

  it('marks the state cookie Secure when PUBLIC_URL is https', async () => {
    const google = await startOidcFake();
    const secure = await startServer({
      env: {
        PUBLIC_URL: 'https://otboo.localhost',
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        OAUTH_GOOGLE_ISSUER_URL: google.url,
      },
    });
    try {
      const run = await runOAuth(secure, 'google', { until: 'provider' });
      expect(run.stateCookieLine).toMatch(/Secure/i);
      expect(new URL(run.start.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
        'https://otboo.localhost/login/oauth2/code/google',
      );
    } finally {
      await secure.close();
      await google.close();
    }
  });
});
