import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { ko } from '@otboo/contract';
import { signInFailures, users } from '../../src/db/schema/index.js';
import { SIGN_IN_DELAY_BASE_MS, SIGN_IN_DELAY_MAX_MS } from '../../src/domains/auth/auth.service.js';
import { createUser, signIn, uniqueIdentity } from '../support/factories.js';
import { httpClient } from '../support/http.js';
import { createTestDatabase, startServer, type TestServer } from '../support/start-server.js';

function signInForm(username: string, password: string) {
  const form = new FormData();
  form.append('username', username);
  form.append('password', password);
  return { form };
}

/** Sign-in (JSON body) from a given loopback address, e.g. 127.0.0.2: the server sees it as another client. */
function signInFrom(
  baseUrl: string,
  localAddress: string,
  username: string,
  password: string,
): Promise<{ status: number; body: unknown }> {
  const url = new URL('/api/auth/sign-in', baseUrl);
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const tooManyAttempts = {
  exceptionName: 'TooManyRequestsException',
  message: ko.auth.tooManyAttempts,
  details: {},
};

describe('auth rate limits', () => {
  describe('AUTH_RATE_PER_IP', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer({ env: { AUTH_RATE_PER_IP: '6' } });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('shares one per-IP budget between sign-in, sign-up and reset-password, then answers 429 in Korean', async () => {
      const http = httpClient(server.url);
      const id = uniqueIdentity();
      const calls = [
        () => http.post('/api/users', { json: { ...id, password: 'passw0rd!' } }),
        () => http.post('/api/auth/sign-in', signInForm(id.email, 'passw0rd!')),
        () => http.post('/api/auth/reset-password', { json: { email: id.email } }),
      ];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await calls[i % 3]!()).status);
      expect(statuses).toEqual([201, 200, 204, 409, 200, 204]);
      for (const call of calls) {
        const res = await call();
        expect(res.status).toBe(429);
        expect(res.body).toEqual({
          exceptionName: 'TooManyRequestsException',
          message: ko.common.tooManyRequests,
          details: {},
        });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Other endpoints are not part of the budget.
      expect((await http.get('/api/auth/csrf-token')).status).toBe(204);
      expect((await http.post('/api/auth/refresh')).status).toBe(401);
    });
  });

  describe('SIGN_IN_MAX_FAILURES', () => {
    let server: TestServer;
    beforeAll(async () => {
      // The per-IP request budget stays out of the way: these tests make many attempts from one address.
      server = await startServer({ env: { SIGN_IN_MAX_FAILURES: '3', AUTH_RATE_PER_IP: '1000' } });
    });
    afterAll(async () => {
      await server?.close();
    });
    const attempt = (email: string, password: string) =>
      httpClient(server.url).post('/api/auth/sign-in', signInForm(email, password));
    /** The same attempt from another loopback address (the server does not trust proxy headers). */
    const attemptFrom = (address: string, email: string, password: string) =>
      signInFrom(server.url, address, email, password);
    const pairOf = (email: string, ip = '127.0.0.1') =>
      and(eq(signInFailures.email, email), eq(signInFailures.ip, ip));
    /** Waiting out the pair's delay, without waiting. */
    const delayPasses = (email: string, ip?: string) =>
      server.database.db
        .update(signInFailures)
        .set({ retryAt: sql`now() - interval '1 second'` })
        .where(pairOf(email, ip));

    it('delays the pair after the limit, even with the right password, with a Retry-After; then lets it in', async () => {
      const user = await createUser(server);
      for (let i = 0; i < 3; i++)
        expect((await attempt(user.email.toUpperCase(), 'wrongpass1')).status).toBe(401);
      const blocked = await attempt(user.email, user.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual(tooManyAttempts);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_DELAY_BASE_MS / 1000);
      // Another e-mail from the same client is not blocked.
      const other = await createUser(server);
      expect((await attempt(other.email, other.password)).status).toBe(200);

      await delayPasses(user.email);
      expect((await attempt(user.email, user.password)).status).toBe(200);
      expect(await server.database.db.select().from(signInFailures).where(pairOf(user.email))).toEqual([]);
    });

    it('checks nothing while the pair waits: the right password is 429 and a wrong one is not counted', async () => {
      const user = await createUser(server);
      for (let i = 0; i < 3; i++) await attempt(user.email, 'wrongpass1');
      for (let i = 0; i < 3; i++) expect((await attempt(user.email, 'wrongpass1')).status).toBe(429);
      const [row] = await server.database.db.select().from(signInFailures).where(pairOf(user.email));
      expect(row!.failures).toBe(3);
    });

    it('doubles the delay with each failure past the limit, up to 5 minutes', async () => {
      const email = uniqueIdentity().email;
      for (let i = 0; i < 3; i++) expect((await attempt(email, 'wrongpass1')).status).toBe(401);
      const delays: number[] = [];
      for (let i = 0; i < 9; i++) {
        const res = await attempt(email, 'wrongpass1');
        expect(res.status).toBe(429);
        delays.push(Number(res.headers.get('retry-after')));
        await delayPasses(email);
        // The delay over, the attempt is checked again and fails again.
        expect((await attempt(email, 'wrongpass1')).status).toBe(401);
      }
      const base = SIGN_IN_DELAY_BASE_MS / 1000;
      const cap = SIGN_IN_DELAY_MAX_MS / 1000;
      const expected = [1, 2, 4, 8, 16, 32, 64, 128, 256].map((f) => Math.min(base * f, cap));
      // Each answer is within a second of its delay (the clock moves between the failure and the answer).
      delays.forEach((d, i) => {
        expect(d).toBeLessThanOrEqual(expected[i]!);
        expect(d).toBeGreaterThanOrEqual(expected[i]! - 1);
      });
      expect(delays.at(-1)).toBeGreaterThan(cap - 2);
    });

    it("does not keep the owner out: a stranger's 20 failures from another address delay only the stranger", async () => {
      const user = await createUser(server);
      const stranger = '127.0.0.2';
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        // Every failure is checked: the stranger's delays are skipped, except after the last one.
        if (i > 0) await delayPasses(user.email, stranger);
        statuses.push((await attemptFrom(stranger, user.email, `wrongpass${i}`)).status);
      }
      expect(statuses).toEqual(Array(20).fill(401));
      // The stranger's address waits, whatever it sends…
      expect((await attemptFrom(stranger, user.email, user.password)).status).toBe(429);
      // …while the owner signs in from their usual address, and from a new one, with no wait.
      expect((await attempt(user.email, user.password)).status).toBe(200);
      expect((await attemptFrom('127.0.0.3', user.email, user.password)).status).toBe(200);
      // The owner's success does not clear the stranger's count.
      const [row] = await server.database.db
        .select()
        .from(signInFailures)
        .where(pairOf(user.email, stranger));
      expect(row!.failures).toBe(20);
      expect(row!.retryAt!.getTime()).toBeGreaterThan(Date.now());
    });

    it('starts a fresh count once the pair has been quiet for 15 minutes', async () => {
      const user = await createUser(server);
      for (let i = 0; i < 2; i++) await attempt(user.email, 'wrongpass1');
      await server.database.db
        .update(signInFailures)
        .set({ lastFailedAt: sql`now() - interval '16 minutes'` })
        .where(pairOf(user.email));
      for (let i = 0; i < 2; i++) expect((await attempt(user.email, 'wrongpass1')).status).toBe(401);
      const [row] = await server.database.db.select().from(signInFailures).where(pairOf(user.email));
      expect(row!.failures).toBe(2);
      expect(row!.retryAt).toBeNull();
      expect((await attempt(user.email, user.password)).status).toBe(200);
    });

    it('resets the count on a successful sign-in', async () => {
      const user = await createUser(server);
      for (let i = 0; i < 2; i++) expect((await attempt(user.email, 'wrongpass1')).status).toBe(401);
      expect((await attempt(user.email, user.password)).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await attempt(user.email, 'wrongpass1')).status).toBe(401);
      expect((await attempt(user.email, user.password)).status).toBe(200);
    });

    it('counts unknown e-mails too, so the answer does not tell which exist', async () => {
      const email = uniqueIdentity().email;
      for (let i = 0; i < 3; i++) expect((await attempt(email, 'wrongpass1')).status).toBe(401);
      expect((await attempt(email, 'wrongpass1')).body).toEqual(tooManyAttempts);
    });

    it('tells a locked account 423 only after the right password, and counts wrong ones', async () => {
      const user = await createUser(server);
      await server.database.db.update(users).set({ locked: true }).where(eq(users.id, user.id));
      expect((await attempt(user.email, 'wrongpass1')).status).toBe(401);
      expect((await attempt(user.email, user.password)).status).toBe(423);
      expect((await attempt(user.email, 'wrongpass1')).status).toBe(401);
      expect((await attempt(user.email, 'wrongpass1')).status).toBe(401);
      expect((await attempt(user.email, user.password)).status).toBe(429);
    });

    it('counts a wrong current password of a password change as a failure of that address', async () => {
      const user = await createUser(server);
      const change = (currentPassword: string) =>
        httpClient(server.url).patch(`/api/users/${user.id}/password`, {
          token: user.accessToken,
          json: { password: 'newpassw0rd', currentPassword },
        });
      for (let i = 0; i < 3; i++) expect((await change('wrongpass1')).status).toBe(400);
      const blocked = await change(user.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual(tooManyAttempts);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await attempt(user.email, user.password)).status).toBe(429);
      // Another address is not delayed.
      expect((await attemptFrom('127.0.0.2', user.email, user.password)).status).toBe(200);
    });
  });

  it('shares the failure count between instances on one database', async () => {
    const database = await createTestDatabase();
    const env = { SIGN_IN_MAX_FAILURES: '2' };
    const a = await startServer({ env, database });
    const b = await startServer({ env, database });
    try {
      const user = await createUser(a);
      expect(
        (await httpClient(a.url).post('/api/auth/sign-in', signInForm(user.email, 'wrongpass1'))).status,
      ).toBe(401);
      expect(
        (await httpClient(b.url).post('/api/auth/sign-in', signInForm(user.email, 'wrongpass1'))).status,
      ).toBe(401);
      expect(
        (await httpClient(a.url).post('/api/auth/sign-in', signInForm(user.email, user.password))).status,
      ).toBe(429);
      expect(
        (await httpClient(b.url).post('/api/auth/sign-in', signInForm(user.email, user.password))).status,
      ).toBe(429);
      await expect(signIn(b, user.email, user.password)).rejects.toThrow(/429/);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
    }
  });
});
