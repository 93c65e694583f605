import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { CSRF_COOKIE, REFRESH_COOKIE, ko } from '@otboo/contract';
import {
  refreshTokens,
  sessions,
  socialAccounts,
  temporaryPasswords,
  users,
} from '../../src/db/schema/index.js';
import { hashRefreshToken } from '../../src/domains/auth/tokens.js';
import { asBrowser, refresh } from '../support/auth.js';
import { createUser, signIn, signInAsAdmin, uniqueIdentity } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { readOutbox, temporaryPasswordIn, waitForOutbox } from '../support/mail.js';
import { startServer, type TestServer } from '../support/start-server.js';

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

/** A protected call that answers 200 for any signed-in user. */
function profileOf(http: HttpClient, userId: string, token?: string) {
  return http.get(`/api/users/${userId}/profiles`, { token });
}

describe('auth', () => {
  let server: TestServer;
  let http: HttpClient;
  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('sign-in', () => {
    it('signs in with the multipart form and sets an HttpOnly refresh cookie', async () => {
      const user = await createUser(server);
      const res = await http.post('/api/auth/sign-in', {
        form: form({ username: user.email.toUpperCase(), password: user.password }),
      });
      expect(res.status).toBe(200);
      expect(res.body.userDto).toMatchObject({
        id: user.id,
        email: user.email,
        role: 'USER',
        locked: false,
        linkedOAuthProviders: [],
      });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect((await profileOf(http, user.id, res.body.accessToken)).status).toBe(200);
    });

    it('answers wrong credentials with 401 and the Korean message, same for an unknown e-mail', async () => {
      const user = await createUser(server);
      for (const [username, password] of [
        [user.email, 'wrongpass1'],
        ['nobody@otboo.test', 'wrongpass1'],
      ]) {
        const res = await http.post('/api/auth/sign-in', {
          form: form({ username: username!, password: password! }),
        });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          exceptionName: 'BadCredentialsException',
          message: ko.auth.badCredentials,
          details: {},
        });
      }
    });

    it('refuses bad input with 400 and field details, never 500', async () => {
      const cases: [FormData | undefined, unknown, string][] = [
        [form({ password: 'passw0rd!' }), undefined, 'username'],
        [form({ username: 'a@b.co' }), undefined, 'password'],
        [form({ username: '   ', password: 'passw0rd!' }), undefined, 'username'],
        [form({ username: `${'a'.repeat(300)}@b.co`, password: 'passw0rd!' }), undefined, 'username'],
        [form({ username: 'a@b.co', password: 'p1'.repeat(100) }), undefined, 'password'],
        [undefined, { username: 123, password: ['x'] }, 'username'],
        [undefined, {}, 'username'],
      ];
      for (const [f, json, field] of cases) {
        const res = await http.post('/api/auth/sign-in', f ? { form: f } : { json });
        expect(res.status, field).toBe(400);
        expect(res.body.exceptionName).toBe('InvalidInputException');
        expect(Object.keys(res.body.details)).toContain(field);
      }
      const text = await http.post('/api/auth/sign-in', {
        headers: { 'content-type': 'text/plain' },
        cookies: {},
      });
      expect(text.status).toBeGreaterThanOrEqual(400);
      expect(text.status).toBeLessThan(500);
    });

    it('tells a locked account 423 only after the right password', async () => {
      const user = await createUser(server);
      await server.database.db.update(users).set({ locked: true }).where(eq(users.id, user.id));
      const wrong = await http.post('/api/auth/sign-in', {
        form: form({ username: user.email, password: 'wrongpass1' }),
      });
      expect(wrong.status).toBe(401);
      const right = await http.post('/api/auth/sign-in', {
        form: form({ username: user.email, password: user.password }),
      });
      expect(right.status).toBe(423);
      expect(right.body).toEqual({
        exceptionName: 'LockedException',
        message: ko.auth.accountLocked,
        details: {},
      });
    });

    it('signs the bootstrap administrator in', async () => {
      const admin = await signInAsAdmin(server);
      expect(admin.dto).toMatchObject({ email: server.config.admin.email, role: 'ADMIN', locked: false });
    });
  });

  describe('access tokens', () => {
    it('requires a token on protected routes', async () => {
      const user = await createUser(server);
      for (const authorization of [undefined, 'Bearer', 'Basic abc', `bearer${user.accessToken}`]) {
        const res = await http.get(`/api/users/${user.id}/profiles`, {
          headers: authorization ? { authorization } : {},
        });
        expect(res.status, authorization).toBe(401);
        expect(res.body.message).toBeTruthy();
      }
    });

    it('refuses forged, tampered and foreign tokens', async () => {
      const user = await createUser(server);
      const [header, payload, signature] = user.accessToken.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const asAdmin = Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN' })).toString('base64url');
      const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const otherSecret = await new SignJWT({ sid: claims.sid, role: 'USER' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('otboo')
        .setAudience('otboo-api')
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode('another-secret-0123456789abcdef0123456789'));
      const forged = [
        `${header}.${asAdmin}.${signature}`,
        `${noneHeader}.${payload}.`,
        otherSecret,
        'not-a-jwt',
        `${header}.${payload}`,
        'x'.repeat(5000),
      ];
      for (const token of forged) {
        const res = await profileOf(http, user.id, token);
        expect(res.status).toBe(401);
        expect(res.body.exceptionName).toBe('InvalidTokenException');
      }
    });

    it('expires access tokens after ACCESS_TOKEN_TTL; refresh gives a working one', async () => {
      // A token's `exp` is in whole seconds, rounded down: with 3 s it lives at least 2 s after it is issued (a 1 s
      // one could be dead before its first request on a busy machine), and is dead 3.1 s after that request.
      const shortLived = await startServer({ env: { ACCESS_TOKEN_TTL: '3s' } });
      try {
        const user = await createUser(shortLived);
        const client = httpClient(shortLived.url);
        expect((await profileOf(client, user.id, user.accessToken)).status).toBe(200);
        await new Promise((r) => setTimeout(r, 3_100));
        const expired = await profileOf(client, user.id, user.accessToken);
        expect(expired.status).toBe(401);
        expect(expired.body.message).toBe(ko.auth.tokenInvalid);
        const renewed = await refresh(shortLived, user.refreshToken);
        expect(renewed.status).toBe(200);
        expect((await profileOf(client, user.id, renewed.body.accessToken)).status).toBe(200);
      } finally {
        await shortLived.close();
      }
    });
  });

  describe('refresh', () => {
    it('rotates the refresh cookie and ignores a stale Bearer header', async () => {
      const user = await createUser(server);
      const res = await http.post(
        '/api/auth/refresh',
        asBrowser(user.refreshToken, { token: 'stale.token.here' }),
      );
      expect(res.status).toBe(200);
      expect(res.body.userDto.id).toBe(user.id);
      const next = res.setCookies[REFRESH_COOKIE];
      expect(next).toBeTruthy();
      expect(next).not.toBe(user.refreshToken);
      expect((await profileOf(http, user.id, res.body.accessToken)).status).toBe(200);
      // The user in the answer is read with the token: linked social accounts included.
      await server.database.db
        .insert(socialAccounts)
        .values({ userId: user.id, provider: 'kakao', providerUserId: `k-${user.id}` });
      const again = await refresh(server, next!);
      expect(again.status).toBe(200);
      expect(again.body.userDto.linkedOAuthProviders).toEqual(['kakao']);
    });

    it('answers a missing, unknown or expired refresh cookie with 401 and clears it', async () => {
      const missing = await http.post('/api/auth/refresh', asBrowser());
      expect(missing.status).toBe(401);
      expect(missing.body.message).toBe(ko.auth.refreshMissing);
      expect(missing.setCookies[REFRESH_COOKIE]).toBe('');
      const unknown = await refresh(server, 'bm90LWEtcmVhbC10b2tlbg');
      expect(unknown.status).toBe(401);
      expect(unknown.rotated).toBe('');

      const user = await createUser(server);
      await server.database.db
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(user.refreshToken)));
      const expired = await refresh(server, user.refreshToken);
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe(ko.auth.refreshInvalid);
    });

    it('needs the CSRF header when the refresh cookie is sent', async () => {
      const user = await createUser(server);
      const res = await http.post('/api/auth/refresh', { cookies: { [REFRESH_COOKIE]: user.refreshToken } });
      expect(res.status).toBe(403);
      expect(res.body.exceptionName).toBe('CsrfTokenException');
    });

    it('gives two simultaneous refreshes with one cookie each a working token (grace window)', async () => {
      const user = await createUser(server);
      const [a, b] = await Promise.all([
        refresh(server, user.refreshToken),
        refresh(server, user.refreshToken),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.rotated).not.toBe(b.rotated);
      for (const r of [a, b]) {
        expect((await profileOf(http, user.id, r.body.accessToken)).status).toBe(200);
        expect((await refresh(server, r.rotated!)).status).toBe(200);
      }
      // Right after a rotation the old token is still answered with a sibling, inside the same session.
      const again = await refresh(server, user.refreshToken);
      expect(again.status).toBe(200);
      const [s1] = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(s1!.revokedAt).toBeNull();
    });

    it('rotates only a token that passes every check: a refused refresh marks and adds nothing', async () => {
      const user = await createUser(server);
      const [token] = await server.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(user.refreshToken)));
      const tokensOfSession = () =>
        server.database.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, token!.sessionId));
      // An expired session: refused, and the token stays unused with no successor.
      await server.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(sessions.id, token!.sessionId));
      expect((await refresh(server, user.refreshToken)).status).toBe(401);
      expect((await tokensOfSession()).map((t) => t.usedAt)).toEqual([null]);
      // Live again: one rotation, the old token used and one successor that expires with the session.
      const expiresAt = new Date(Date.now() + 3_600_000);
      await server.database.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, token!.sessionId));
      expect((await refresh(server, user.refreshToken)).status).toBe(200);
      const after = await tokensOfSession();
      expect(after).toHaveLength(2);
      expect(after.find((t) => t.id === token!.id)?.usedAt).toBeInstanceOf(Date);
      expect(after.find((t) => t.id !== token!.id)).toMatchObject({ usedAt: null, expiresAt });
    });

    it('revokes the whole session when a used token comes back after the grace window', async () => {
      const user = await createUser(server);
      const first = await refresh(server, user.refreshToken);
      expect(first.status).toBe(200);
      // Move the rotation 11 s into the past instead of waiting for it.
      await server.database.db
        .update(refreshTokens)
        .set({ usedAt: new Date(Date.now() - 11_000) })
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(user.refreshToken)));
      const reuse = await refresh(server, user.refreshToken);
      expect(reuse.status).toBe(401);
      expect(reuse.rotated).toBe('');
      expect((await refresh(server, first.rotated!)).status).toBe(401);
      expect((await profileOf(http, user.id, first.body.accessToken)).status).toBe(401);
      const [session] = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(session!.revokedReason).toBe('refresh-token-reuse');
      // Other devices are not affected and signing in again works.
      expect((await signIn(server, user.email, user.password)).jwt.accessToken).toBeTruthy();
    });
  });

  describe('sign-out', () => {
    it('revokes the refresh token and its access tokens and clears the cookie, with a new XSRF-TOKEN', async () => {
      const user = await createUser(server);
      const res = await http.post(
        '/api/auth/sign-out',
        asBrowser(user.refreshToken, { token: user.accessToken }),
      );
      expect(res.status).toBe(204);
      expect(res.setCookies[REFRESH_COOKIE]).toBe('');
      // The XSRF cookie follows the refresh cookie (csrf.http.test.ts checks the binding).
      expect(res.setCookies[CSRF_COOKIE]).toBeTruthy();
      expect((await refresh(server, user.refreshToken)).status).toBe(401);
      expect((await profileOf(http, user.id, user.accessToken)).status).toBe(401);
    });

    it('succeeds without a cookie or with an unknown one', async () => {
      expect((await http.post('/api/auth/sign-out')).status).toBe(204);
      expect((await http.post('/api/auth/sign-out', asBrowser('unknown-token'))).status).toBe(204);
    });

    it('ends only its own device', async () => {
      const user = await createUser(server);
      const other = await signIn(server, user.email, user.password);
      await http.post('/api/auth/sign-out', asBrowser(user.refreshToken));
      expect((await profileOf(http, user.id, other.jwt.accessToken)).status).toBe(200);
      expect((await refresh(server, other.refreshToken)).status).toBe(200);
    });
  });

  describe('forgot password', () => {
    async function mailsTo(email: string) {
      return (await readOutbox(server.dataDir)).filter((m) => m.to === email);
    }

    it('mails a temporary password (outbox .eml) that signs in for 3 minutes', async () => {
      const user = await createUser(server);
      const res = await http.post('/api/auth/reset-password', { json: { email: user.email.toUpperCase() } });
      expect(res.status).toBe(204);
      await waitForOutbox(server.dataDir, 1);
      const [mail] = await mailsTo(user.email);
      expect(mail).toBeDefined();
      expect(mail!.subject).toBe(ko.auth.temporaryMailSubject);
      expect(mail!.from).toBe(server.config.mail.from);
      const temporary = temporaryPasswordIn(mail!);
      expect(mail!.text).toBe(ko.auth.temporaryMailBody(temporary, 3));

      const [stored] = await server.database.db
        .select()
        .from(temporaryPasswords)
        .where(eq(temporaryPasswords.userId, user.id));
      expect(stored!.passwordHash).not.toContain(temporary);
      const lifetime = stored!.expiresAt.getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(170_000);
      expect(lifetime).toBeLessThanOrEqual(180_000);

      const viaTemporary = await signIn(server, user.email, temporary);
      const flagged = await server.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), eq(sessions.viaTemporaryPassword, true)));
      expect(flagged).toHaveLength(1);
      expect(viaTemporary.jwt.userDto.id).toBe(user.id);
      // One use: the sign-in consumed it.
      const again = await http.post('/api/auth/sign-in', {
        form: form({ username: user.email, password: temporary }),
      });
      expect(again.status).toBe(401);
      expect(again.body.message).toBe(ko.auth.badCredentials);
      expect(
        await server.database.db
          .select()
          .from(temporaryPasswords)
          .where(eq(temporaryPasswords.userId, user.id)),
      ).toEqual([]);
      // The real password keeps working until a new one is set, so a stranger's reset request locks no one out.
      expect((await signIn(server, user.email, user.password)).jwt.accessToken).toBeTruthy();
    });

    it('lets only one of several simultaneous sign-ins with the same temporary password in', async () => {
      const user = await createUser(server);
      await http.post('/api/auth/reset-password', { json: { email: user.email } });
      const temporary = temporaryPasswordIn((await waitForMailTo(user.email, 1))[0]!);
      const tries = await Promise.all(
        [0, 1, 2].map(() =>
          http.post('/api/auth/sign-in', { form: form({ username: user.email, password: temporary }) }),
        ),
      );
      expect(tries.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    });

    it('answers 204 for an unknown e-mail, sends nothing, and takes about as long', async () => {
      const user = await createUser(server);
      const before = (await readOutbox(server.dataDir)).length;
      const time = async (email: string) => {
        const started = performance.now();
        const res = await http.post('/api/auth/reset-password', { json: { email } });
        expect(res.status).toBe(204);
        expect(res.body).toBe('');
        return performance.now() - started;
      };
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        known.push(await time(user.email));
        unknown.push(await time(`nobody.${i}.${uniqueIdentity().email}`));
      }
      // Both do one argon2 hash; the known one writes a row too. Mails leave after the answer.
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(40, median(known) * 0.5));
      await waitForOutbox(server.dataDir, before + 7);
      await new Promise((r) => setTimeout(r, 200));
      const after = await readOutbox(server.dataDir);
      expect(after.length).toBe(before + 7);
      expect(after.every((m) => !m.to.startsWith('nobody.'))).toBe(true);
    });

    it('refuses a temporary password after it expires, and replaces it on a second request', async () => {
      const user = await createUser(server);
      await http.post('/api/auth/reset-password', { json: { email: user.email } });
      const first = temporaryPasswordIn((await waitForMailTo(user.email, 1))[0]!);
      await http.post('/api/auth/reset-password', { json: { email: user.email } });
      const second = temporaryPasswordIn((await waitForMailTo(user.email, 2))[1]!);
      const tryTemporary = (password: string) =>
        http.post('/api/auth/sign-in', { form: form({ username: user.email, password }) });
      expect((await tryTemporary(first)).status).toBe(401);
      await server.database.db
        .update(temporaryPasswords)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(temporaryPasswords.userId, user.id));
      expect((await tryTemporary(second)).status).toBe(401);
    });

    it('sends nothing to a locked account', async () => {
      const user = await createUser(server);
      await server.database.db.update(users).set({ locked: true }).where(eq(users.id, user.id));
      expect((await http.post('/api/auth/reset-password', { json: { email: user.email } })).status).toBe(204);
      await new Promise((r) => setTimeout(r, 300));
      expect(await mailsTo(user.email)).toEqual([]);
    });

    it('refuses bad input with 400', async () => {
      for (const json of [
        {},
        { email: '' },
        { email: 'not-an-email' },
        { email: 42 },
        { email: `${'a'.repeat(300)}@x.io` },
        [],
      ]) {
        const res = await http.post('/api/auth/reset-password', { json });
        expect(res.status, JSON.stringify(json)).toBe(400);
        expect(res.body.exceptionName).toBe('InvalidInputException');
      }
    });

    async function waitForMailTo(email: string, count: number) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const mails = await mailsTo(email);
        if (mails.length >= count) return mails;
        if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    }

    it('changes the password from the temporary session: ends the temporary one and other devices', async () => {
      const user = await createUser(server);
      const otherDevice = await signIn(server, user.email, user.password);
      await http.post('/api/auth/reset-password', { json: { email: user.email } });
      const temporary = temporaryPasswordIn((await waitForMailTo(user.email, 1))[0]!);
      const session = await signIn(server, user.email, temporary);

      const change = await http.patch(`/api/users/${user.id}/password`, {
        token: session.jwt.accessToken,
        json: { password: 'newpassw0rd' },
      });
      expect(change.status).toBe(204);

      expect(
        (await http.post('/api/auth/sign-in', { form: form({ username: user.email, password: temporary }) }))
          .status,
      ).toBe(401);
      expect(
        (
          await http.post('/api/auth/sign-in', {
            form: form({ username: user.email, password: user.password }),
          })
        ).status,
      ).toBe(401);
      expect((await signIn(server, user.email, 'newpassw0rd')).jwt.userDto.id).toBe(user.id);
      expect(
        await server.database.db
          .select()
          .from(temporaryPasswords)
          .where(eq(temporaryPasswords.userId, user.id)),
      ).toEqual([]);
      // The device that changed it stays signed in; the others are signed out.
      expect((await profileOf(http, user.id, session.jwt.accessToken)).status).toBe(200);
      expect((await profileOf(http, user.id, otherDevice.jwt.accessToken)).status).toBe(401);
      expect((await refresh(server, otherDevice.refreshToken)).status).toBe(401);
      // The session no longer counts as a temporary one: once it is old, a further change needs proof.
      await ageSessionsOf(user.id);
      const again = await http.patch(`/api/users/${user.id}/password`, {
        token: session.jwt.accessToken,
        json: { password: 'another1pass' },
      });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(ko.auth.currentPasswordRequired);
    });

    /** Makes every session of the user older than the 10 minutes after signing in. */
    async function ageSessionsOf(userId: string) {
      await server.database.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(sessions.userId, userId));
    }

    it('changes the password without the current one only right after signing in, or in a temporary session', async () => {
      const user = await createUser(server);
      const url = `/api/users/${user.id}/password`;
      // Just signed in: the sign-in was the proof.
      expect(
        (await http.patch(url, { token: user.accessToken, json: { password: 'second1pass' } })).status,
      ).toBe(204);
      // Ten minutes later a stolen access token is not enough.
      await ageSessionsOf(user.id);
      const missing = await http.patch(url, { token: user.accessToken, json: { password: 'third1pass' } });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        exceptionName: 'CurrentPasswordRequiredException',
        message: ko.auth.currentPasswordRequired,
        details: { currentPassword: ko.auth.currentPasswordRequired },
      });
      const wrong = await http.patch(url, {
        token: user.accessToken,
        json: { password: 'third1pass', currentPassword: user.password },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        exceptionName: 'InvalidCurrentPasswordException',
        message: ko.auth.currentPasswordWrong,
        details: { currentPassword: ko.auth.currentPasswordWrong },
      });
      const empty = await http.patch(url, {
        token: user.accessToken,
        json: { password: 'third1pass', currentPassword: '' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.details.currentPassword).toBe(ko.auth.currentPasswordRequired);
      expect((await signIn(server, user.email, 'second1pass')).jwt.userDto.id).toBe(user.id);

      // With the current password it works in the old session, and ends the other devices.
      const other = await signIn(server, user.email, 'second1pass');
      const ok = await http.patch(url, {
        token: user.accessToken,
        json: { password: 'third1pass', currentPassword: 'second1pass' },
      });
      expect(ok.status).toBe(204);
      expect((await profileOf(http, user.id, other.jwt.accessToken)).status).toBe(401);
      expect((await signIn(server, user.email, 'third1pass')).jwt.userDto.id).toBe(user.id);

      // A session opened with the temporary password needs no current password, however old.
      await http.post('/api/auth/reset-password', { json: { email: user.email } });
      const temporary = temporaryPasswordIn((await waitForMailTo(user.email, 1))[0]!);
      const viaTemporary = await signIn(server, user.email, temporary);
      await ageSessionsOf(user.id);
      expect(
        (await http.patch(url, { token: viaTemporary.jwt.accessToken, json: { password: 'fourth1pass' } }))
          .status,
      ).toBe(204);
      expect((await signIn(server, user.email, 'fourth1pass')).jwt.userDto.id).toBe(user.id);
    });

    it('changes only one’s own password, and only to a valid one', async () => {
      const user = await createUser(server);
      const other = await createUser(server);
      const url = `/api/users/${user.id}/password`;
      expect((await http.patch(url, { json: { password: 'newpassw0rd' } })).status).toBe(401);
      const foreign = await http.patch(url, { token: other.accessToken, json: { password: 'newpassw0rd' } });
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toBe(ko.users.notSelf);
      for (const json of [
        {},
        { password: 'ab1' },
        { password: 'onlyletters' },
        { password: 12345678 },
        { password: 'a1'.repeat(80) },
        { password: 'pass word1' },
      ]) {
        const res = await http.patch(url, { token: user.accessToken, json });
        expect(res.status, JSON.stringify(json)).toBe(400);
        expect(res.body.details).toHaveProperty('password');
      }
      expect(
        (
          await http.patch('/api/users/not-a-uuid/password', {
            token: user.accessToken,
            json: { password: 'newpassw0rd' },
          })
        ).status,
      ).toBe(400);
      expect((await signIn(server, user.email, user.password)).jwt.accessToken).toBeTruthy();
    });
  });
});
