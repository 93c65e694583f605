import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ko } from '@otboo/contract';
import { signInFailures, users } from '../../src/db/schema/index.js';
import { testDbKind } from '../support/databases.js';
import { createUser, signIn, uniqueIdentity } from '../support/factories.js';
import { httpClient } from '../support/http.js';
import { createTestDatabase, startServer, type TestServer } from '../support/start-server.js';

function signInForm(username: string, password: string) {
  const form = new FormData();
  form.append('username', username);
  form.append('password', password);
  return { form };
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
      server = await startServer({ env: { SIGN_IN_MAX_FAILURES: '3' } });
    });
    afterAll(async () => {
      await server?.close();
    });
    const attempt = (email: string, password: string) =>
      httpClient(server.url).post('/api/auth/sign-in', signInForm(email, password));

    it('answers 429 after the limit, even with the right password, until the 15-minute window passes', async () => {
      const user = await createUser(server);
      for (let i = 0; i < 3; i++)
        expect((await attempt(user.email.toUpperCase(), 'wrongpass1')).status).toBe(401);
      const blocked = await attempt(user.email, user.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual(tooManyAttempts);
      // Another e-mail from the same client is not blocked.
      const other = await createUser(server);
      expect((await attempt(other.email, other.password)).status).toBe(200);

      // Move the window 15 minutes into the past instead of waiting.
      await server.database.db
        .update(signInFailures)
        .set({ windowStartedAt: sql`now() - interval '15 minutes 1 second'` })
        .where(eq(signInFailures.email, user.email));
      expect((await attempt(user.email, user.password)).status).toBe(200);
      expect(
        await server.database.db.select().from(signInFailures).where(eq(signInFailures.email, user.email)),
      ).toEqual([]);
    });

    it('starts a fresh window of failures once the old one has passed', async () => {
      const user = await createUser(server);
      for (let i = 0; i < 2; i++) await attempt(user.email, 'wrongpass1');
      await server.database.db
        .update(signInFailures)
        .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
        .where(eq(signInFailures.email, user.email));
      for (let i = 0; i < 2; i++) expect((await attempt(user.email, 'wrongpass1')).status).toBe(401);
      const [row] = await server.database.db
        .select()
        .from(signInFailures)
        .where(eq(signInFailures.email, user.email));
      expect(row!.failures).toBe(2);
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
  });

  it.skipIf(testDbKind() !== 'postgres')(
    'shares the failure count between instances on one database',
    async () => {
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
    },
  );
});
