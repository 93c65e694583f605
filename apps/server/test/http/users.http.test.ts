import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ko, type NotificationDto, type UserDto } from '@otboo/contract';
import { rowsOf } from '../../src/db/rows.js';
import { notifications, profiles, socialAccounts, users } from '../../src/db/schema/index.js';
import { listFilter } from '../../src/domains/users/users.repo.js';
import { BUS_CHANNELS, createLocalEventBus } from '../../src/realtime/event-bus.js';
import { refresh } from '../support/auth.js';
import { createUser, signIn, signInAsAdmin, uniqueIdentity, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

type Row = typeof users.$inferSelect;

describe('users', () => {
  let server: TestServer;
  let http: HttpClient;
  let admin: TestUser;
  const published: NotificationDto[] = [];
  beforeAll(async () => {
    const bus = createLocalEventBus();
    bus.subscribe(BUS_CHANNELS.notification, (payload) => published.push(payload as NotificationDto));
    server = await startServer({ overrides: { bus } });
    http = httpClient(server.url);
    admin = await signInAsAdmin(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('sign-up', () => {
    it('creates a USER with an empty profile and never returns the password', async () => {
      const id = uniqueIdentity();
      const res = await http.post<UserDto>('/api/users', {
        json: { email: id.email.toUpperCase(), name: id.name, password: 'passw0rd!' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: id.email,
        name: id.name,
        role: 'USER',
        locked: false,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        linkedOAuthProviders: [],
      });
      const [profile] = await server.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, res.body.id));
      expect(profile!.temperatureSensitivity).toBe(2.5);
    });

    it('answers a taken e-mail with 409, whatever its case', async () => {
      const user = await createUser(server);
      const res = await http.post('/api/users', {
        json: { email: user.email.toUpperCase(), name: 'other1', password: 'passw0rd!' },
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        exceptionName: 'DuplicateEmailException',
        message: ko.auth.emailTaken,
        details: { email: ko.auth.emailTaken },
      });
    });

    it('takes a password with # and the keyboard’s other symbols, and signs in with it', async () => {
      for (const password of ['passw0rd#', 'a1-_.~^()[]{}+=<>/\\|\'":;,`']) {
        const id = uniqueIdentity();
        const res = await http.post<UserDto>('/api/users', { json: { ...id, password } });
        expect(res.status, password).toBe(201);
        const session = await signIn(server, id.email, password);
        expect(session.jwt.userDto.email).toBe(id.email.toLowerCase());
      }
    });

    it('refuses bad input with 400 naming the field', async () => {
      const ok = { ...uniqueIdentity(), password: 'passw0rd!' };
      const cases: [unknown, string][] = [
        [{ name: ok.name, password: ok.password }, 'email'],
        [{ ...ok, email: 'no-at-sign' }, 'email'],
        [{ ...ok, email: 'a b@c.de' }, 'email'],
        [{ ...ok, email: `${'a'.repeat(250)}@c.de` }, 'email'],
        [{ ...ok, email: 12 }, 'email'],
        [{ ...ok, name: 'a' }, 'name'],
        [{ ...ok, name: 'a'.repeat(21) }, 'name'],
        [{ ...ok, name: 'bad name!' }, 'name'],
        [{ ...ok, name: null }, 'name'],
        [{ ...ok, password: 'short' }, 'password'],
        [{ ...ok, password: 'lettersonly' }, 'password'],
        [{ ...ok, password: '12345678' }, 'password'],
        [{ ...ok, password: 'passw 0rd' }, 'password'],
        [{ ...ok, password: 'passw0rd비번' }, 'password'],
        [{ ...ok, password: 'a1'.repeat(100) }, 'password'],
        [{ ...ok, password: true }, 'password'],
      ];
      for (const [json, field] of cases) {
        const res = await http.post('/api/users', { json });
        expect(res.status, JSON.stringify(json)).toBe(400);
        expect(res.body.exceptionName).toBe('InvalidInputException');
        expect(Object.keys(res.body.details), JSON.stringify(json)).toContain(field);
      }
      expect((await http.post('/api/users', { json: [1, 2] })).status).toBe(400);
      expect(
        (await http.post('/api/users', { headers: { 'content-type': 'application/json' } })).status,
      ).toBe(400);
      const broken = await fetch(`${server.url}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":',
      });
      expect(broken.status).toBe(400);
      expect(((await broken.json()) as { exceptionName: string }).exceptionName).toBe(
        'InvalidInputException',
      );
    });
  });

  describe('admin list', () => {
    const tag = `l${randomBytes(3).toString('hex')}`;
    let seeded: Row[];

    beforeAll(async () => {
      // 23 users in groups of three sharing a creation instant, so ties are broken by id.
      const base = Date.parse('2026-01-01T00:00:00.000Z');
      const values = Array.from({ length: 23 }, (_, i) => ({
        email: `${tag}u${String(i).padStart(2, '0')}x@otboo.test`,
        name: `${tag}${i}`,
        passwordHash: null,
        role: i % 5 === 0 ? ('ADMIN' as const) : ('USER' as const),
        locked: i % 4 === 1,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      }));
      seeded = await server.database.db.insert(users).values(values).returning();
    });

    function expected(sortBy: 'email' | 'createdAt', direction: 'ASCENDING' | 'DESCENDING', rows = seeded) {
      const key = (r: Row) => (sortBy === 'email' ? r.email : r.createdAt.toISOString());
      const sorted = [...rows].sort((a, b) =>
        key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1,
      );
      return (direction === 'ASCENDING' ? sorted : sorted.reverse()).map((r) => r.id);
    }

    async function pageThrough(query: Record<string, string | number>, limit: number) {
      const ids: string[] = [];
      let cursor: { cursor: string; idAfter: string } | undefined;
      for (let pages = 0; pages < 50; pages++) {
        const res = await http.get('/api/users', {
          token: admin.accessToken,
          query: { ...query, limit, ...cursor },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const page = res.body;
        expect(page.data.length).toBeLessThanOrEqual(limit);
        ids.push(...page.data.map((u: UserDto) => u.id));
        if (!page.hasNext) {
          expect(page.nextCursor).toBeNull();
          expect(page.nextIdAfter).toBeNull();
          return { ids, totalCount: page.totalCount as number, last: page };
        }
        const lastRow = page.data[page.data.length - 1] as UserDto;
        expect(page.nextIdAfter).toBe(lastRow.id);
        expect(page.nextCursor).toBe(query.sortBy === 'email' ? lastRow.email : lastRow.createdAt);
        cursor = { cursor: page.nextCursor, idAfter: page.nextIdAfter };
      }
      throw new Error('too many pages');
    }

    for (const sortBy of ['email', 'createdAt'] as const) {
      for (const sortDirection of ['ASCENDING', 'DESCENDING'] as const) {
        it(`pages through every row by ${sortBy} ${sortDirection} without duplicates or gaps`, async () => {
          const { ids, totalCount, last } = await pageThrough({ emailLike: tag, sortBy, sortDirection }, 4);
          expect(ids).toEqual(expected(sortBy, sortDirection));
          expect(totalCount).toBe(23);
          expect(last).toMatchObject({ sortBy, sortDirection });
        });
      }
    }

    it('defaults to createdAt descending, 20 per page, and reads any other direction as descending', async () => {
      const res = await http.get('/api/users', { token: admin.accessToken, query: { emailLike: tag } });
      expect(res.body).toMatchObject({
        sortBy: 'createdAt',
        sortDirection: 'DESCENDING',
        totalCount: 23,
        hasNext: true,
      });
      expect(res.body.data.map((u: UserDto) => u.id)).toEqual(
        expected('createdAt', 'DESCENDING').slice(0, 20),
      );
      const odd = await http.get('/api/users', {
        token: admin.accessToken,
        query: { emailLike: tag, sortDirection: 'sideways', limit: 100 },
      });
      expect(odd.body.sortDirection).toBe('DESCENDING');
      expect(odd.body.data.map((u: UserDto) => u.id)).toEqual(expected('createdAt', 'DESCENDING'));
    });

    it('filters by e-mail (partial, case-insensitive, wildcards literal), role and lock state, with the count', async () => {
      const ids = async (query: Record<string, string>) => {
        const res = await http.get('/api/users', {
          token: admin.accessToken,
          query: { limit: 100, sortBy: 'email', sortDirection: 'ASCENDING', ...query },
        });
        expect(res.status).toBe(200);
        expect(res.body.totalCount).toBe(res.body.data.length);
        return res.body.data.map((u: UserDto) => u.id);
      };
      const pick = (f: (r: Row) => boolean) => expected('email', 'ASCENDING', seeded.filter(f));
      expect(await ids({ emailLike: `${tag}U0`.toUpperCase() })).toEqual(
        pick((r) => r.email.includes(`${tag}u0`)),
      );
      expect(await ids({ emailLike: tag, roleEqual: 'ADMIN' })).toEqual(pick((r) => r.role === 'ADMIN'));
      expect(await ids({ emailLike: tag, roleEqual: 'USER', locked: 'false' })).toEqual(
        pick((r) => r.role === 'USER' && !r.locked),
      );
      expect(await ids({ emailLike: tag, locked: 'true' })).toEqual(pick((r) => r.locked));
      expect(await ids({ emailLike: `${tag}u1_x` })).toEqual([]);
      expect(await ids({ emailLike: '%' })).toEqual([]);
      expect((await ids({ emailLike: '', roleEqual: 'ADMIN' })).length).toBeGreaterThan(
        seeded.filter((r) => r.role === 'ADMIN').length,
      );
    });

    it('never repeats or skips a row while new users arrive between pages', async () => {
      const first = await http.get('/api/users', {
        token: admin.accessToken,
        query: { emailLike: tag, limit: 5 },
      });
      await server.database.db
        .insert(users)
        .values({ email: `${tag}u99x@otboo.test`, name: `${tag}new`, passwordHash: null });
      const ids = first.body.data.map((u: UserDto) => u.id);
      let cursor = { cursor: first.body.nextCursor, idAfter: first.body.nextIdAfter };
      for (;;) {
        const res = await http.get('/api/users', {
          token: admin.accessToken,
          query: { emailLike: tag, limit: 5, ...cursor },
        });
        ids.push(...res.body.data.map((u: UserDto) => u.id));
        if (!res.body.hasNext) break;
        cursor = { cursor: res.body.nextCursor, idAfter: res.body.nextIdAfter };
      }
      expect(ids).toEqual(expected('createdAt', 'DESCENDING'));
      await server.database.db.delete(users).where(eq(users.email, `${tag}u99x@otboo.test`));
    });

    it('counts every match on a page past the end, and lists linked social providers', async () => {
      const beyond = await http.get('/api/users', {
        token: admin.accessToken,
        query: { emailLike: tag, cursor: '2000-01-01T00:00:00.000Z' },
      });
      expect(beyond.body).toMatchObject({ data: [], totalCount: 23, hasNext: false, nextCursor: null });
      const linked = seeded[7]!;
      await server.database.db.insert(socialAccounts).values([
        { userId: linked.id, provider: 'kakao', providerUserId: `k-${tag}` },
        { userId: linked.id, provider: 'google', providerUserId: `g-${tag}` },
      ]);
      const res = await http.get('/api/users', {
        token: admin.accessToken,
        query: { emailLike: linked.email },
      });
      expect(res.body.data).toEqual([
        expect.objectContaining({ id: linked.id, linkedOAuthProviders: ['google', 'kakao'] }),
      ]);
    });

    it('reads the locked users, page and count, from their partial index', async () => {
      const locked = listFilter({ locked: true });
      // With sequential scans discouraged a usable index is taken whatever the (tiny) table's size.
      const plan = await server.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(
          tx,
          sql`explain (format json) select id, (select count(*) from ${users} where ${locked}) from ${users}
              where ${locked} order by created_at desc, id desc limit 21`,
        );
        return JSON.stringify(row?.['QUERY PLAN']);
      });
      expect(plan.match(/users_locked_created_at_id_idx/g)).toHaveLength(2);
    });

    it('refuses malformed paging and filter values with 400, never 500', async () => {
      const bad: Record<string, string>[] = [
        { cursor: 'garbage' },
        { cursor: '2026-13-45T99:00:00Z' },
        { cursor: '2026-01-01T00:00:00.000Z', idAfter: 'not-a-uuid' },
        { sortBy: 'createdAt', cursor: '12345' },
        { cursor: 'x'.repeat(300), sortBy: 'email' },
        { limit: '0' },
        { limit: '101' },
        { limit: 'ten' },
        { limit: '1.5' },
        { roleEqual: 'ROOT' },
        { locked: 'maybe' },
        { sortBy: 'name' },
        { emailLike: 'x'.repeat(500) },
      ];
      for (const query of bad) {
        const res = await http.get('/api/users', { token: admin.accessToken, query });
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.exceptionName).toMatch(/Invalid/);
        expect(typeof res.body.message).toBe('string');
      }
      const cursorError = await http.get('/api/users', {
        token: admin.accessToken,
        query: { cursor: 'garbage' },
      });
      expect(cursorError.body).toEqual({
        exceptionName: 'InvalidCursorException',
        message: ko.common.invalidCursor,
        details: { cursor: ko.common.invalidCursor },
      });
      // Any text is a valid e-mail cursor.
      expect(
        (
          await http.get('/api/users', {
            token: admin.accessToken,
            query: { sortBy: 'email', cursor: "'; drop table users; --" },
          })
        ).status,
      ).toBe(200);
    });

    it('is for administrators only', async () => {
      const user = await createUser(server);
      expect((await http.get('/api/users')).status).toBe(401);
      const res = await http.get('/api/users', { token: user.accessToken });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ko.users.adminOnly);
    });
  });

  describe('role change', () => {
    it('changes the role, ends the user’s sessions at once and notifies them', async () => {
      const user = await createUser(server);
      const res = await http.patch(`/api/users/${user.id}/role`, {
        token: admin.accessToken,
        json: { role: 'ADMIN' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, email: user.email, role: 'ADMIN', locked: false });

      expect((await http.get(`/api/users/${user.id}/profiles`, { token: user.accessToken })).status).toBe(
        401,
      );
      expect((await refresh(server, user.refreshToken)).status).toBe(401);

      const stored = await server.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.receiverId, user.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.title).toContain('권한');
      expect(stored[0]!.content).toBe(ko.users.roleChangedNotificationContent('ADMIN'));
      await expect
        .poll(() => published.some((n) => n.id === stored[0]!.id && n.receiverId === user.id))
        .toBe(true);

      // Signed in again, they are an administrator.
      const again = await signIn(server, user.email, user.password);
      expect(again.jwt.userDto.role).toBe('ADMIN');
      expect((await http.get('/api/users', { token: again.jwt.accessToken })).status).toBe(200);
    });

    it('does nothing when the role is already that one', async () => {
      const user = await createUser(server);
      const res = await http.patch(`/api/users/${user.id}/role`, {
        token: admin.accessToken,
        json: { role: 'USER' },
      });
      expect(res.status).toBe(200);
      expect(res.body.role).toBe('USER');
      expect((await http.get(`/api/users/${user.id}/profiles`, { token: user.accessToken })).status).toBe(
        200,
      );
      expect(
        await server.database.db.select().from(notifications).where(eq(notifications.receiverId, user.id)),
      ).toEqual([]);
    });

    it('refuses one’s own role, unknown users, bad input and non-administrators', async () => {
      const user = await createUser(server);
      const self = await http.patch(`/api/users/${admin.id}/role`, {
        token: admin.accessToken,
        json: { role: 'USER' },
      });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe(ko.users.selfRoleForbidden);
      const unknown = await http.patch('/api/users/00000000-0000-4000-8000-000000000000/role', {
        token: admin.accessToken,
        json: { role: 'ADMIN' },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(ko.users.notFound);
      expect(
        (await http.patch('/api/users/nope/role', { token: admin.accessToken, json: { role: 'ADMIN' } }))
          .status,
      ).toBe(400);
      for (const json of [{}, { role: 'ROOT' }, { role: 1 }, { role: null }]) {
        expect(
          (await http.patch(`/api/users/${user.id}/role`, { token: admin.accessToken, json })).status,
        ).toBe(400);
      }
      expect((await http.patch(`/api/users/${user.id}/role`, { json: { role: 'ADMIN' } })).status).toBe(401);
      expect(
        (await http.patch(`/api/users/${user.id}/role`, { token: user.accessToken, json: { role: 'ADMIN' } }))
          .status,
      ).toBe(403);
      const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.role).toBe('USER');
    });
  });

  describe('lock', () => {
    it('locks: every session ends at once, sign-in is 423; unlocking lets them back in', async () => {
      const user = await createUser(server);
      const second = await signIn(server, user.email, user.password);
      const res = await http.patch(`/api/users/${user.id}/lock`, {
        token: admin.accessToken,
        json: { locked: true },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, locked: true, role: 'USER' });
      for (const session of [
        user,
        { accessToken: second.jwt.accessToken, refreshToken: second.refreshToken },
      ]) {
        expect(
          (await http.get(`/api/users/${user.id}/profiles`, { token: session.accessToken })).status,
        ).toBe(401);
        expect((await refresh(server, session.refreshToken)).status).toBe(401);
      }
      await expect(signIn(server, user.email, user.password)).rejects.toThrow(/423/);

      const unlocked = await http.patch(`/api/users/${user.id}/lock`, {
        token: admin.accessToken,
        json: { locked: false },
      });
      expect(unlocked.body.locked).toBe(false);
      expect((await signIn(server, user.email, user.password)).jwt.userDto.locked).toBe(false);
    });

    it('refuses one’s own lock, unknown users, bad input and non-administrators', async () => {
      const user = await createUser(server);
      const self = await http.patch(`/api/users/${admin.id}/lock`, {
        token: admin.accessToken,
        json: { locked: true },
      });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe(ko.users.selfLockForbidden);
      expect(
        (
          await http.patch('/api/users/00000000-0000-4000-8000-000000000000/lock', {
            token: admin.accessToken,
            json: { locked: true },
          })
        ).status,
      ).toBe(404);
      for (const json of [{}, { locked: 'true' }, { locked: 1 }, { locked: null }]) {
        expect(
          (await http.patch(`/api/users/${user.id}/lock`, { token: admin.accessToken, json })).status,
        ).toBe(400);
      }
      expect((await http.patch(`/api/users/${user.id}/lock`, { json: { locked: true } })).status).toBe(401);
      expect(
        (await http.patch(`/api/users/${user.id}/lock`, { token: user.accessToken, json: { locked: true } }))
          .status,
      ).toBe(403);
      expect((await http.get(`/api/users/${user.id}/profiles`, { token: user.accessToken })).status).toBe(
        200,
      );
    });
  });
});
