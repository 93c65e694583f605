import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';
import { queryPlan } from '../support/query-plan.js';
import { openDmSender } from '../support/stomp-client.js';
import { createNotificationsRepo } from '../../src/domains/notifications/notifications.repo.js';

describe('notifications REST', () => {
  let server: TestServer;
  let http: HttpClient;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [alice, bob] = await Promise.all([createUser(server), createUser(server)]);
    // Five notifications for bob, one for alice.
    const dm = await openDmSender(server.url, alice);
    for (let i = 1; i <= 5; i++) await dm.send(bob.id, `message ${i}`);
    dm.close();
    const back = await openDmSender(server.url, bob);
    await back.send(alice.id, 'reply');
    back.close();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('requires a token', async () => {
    expect((await http.get('/api/notifications')).status).toBe(401);
    const res = await http.delete('/api/notifications/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      exceptionName: expect.any(String),
      message: expect.any(String),
      details: {},
    });
  });

  it("lists the receiver's unread notifications newest first; totalCount is the unread count", async () => {
    const res = await http.get('/api/notifications', { token: bob.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalCount: 5,
      hasNext: false,
      nextCursor: null,
      nextIdAfter: null,
      sortBy: 'createdAt',
      sortDirection: 'DESCENDING',
    });
    expect(res.body.data.map((n: any) => n.content)).toEqual(
      [5, 4, 3, 2, 1].map((i) => `${alice.name}: message ${i}`),
    );
    for (const n of res.body.data)
      expect(n).toMatchObject({ receiverId: bob.id, title: '새 메시지', level: 'INFO' });
    const mine = await http.get('/api/notifications', { token: alice.accessToken });
    expect(mine.body.data.map((n: any) => n.content)).toEqual([`${bob.name}: reply`]);
  });

  it('pages with cursor and idAfter without repeating or skipping', async () => {
    const seen: string[] = [];
    let query: Record<string, string | number> = { limit: 2 };
    for (let page = 0; page < 5; page++) {
      const res = await http.get('/api/notifications', { token: bob.accessToken, query });
      expect(res.status).toBe(200);
      expect(res.body.totalCount).toBe(5);
      seen.push(...res.body.data.map((n: any) => n.id));
      if (!res.body.hasNext) break;
      query = { limit: 2, cursor: res.body.nextCursor, idAfter: res.body.nextIdAfter };
    }
    const all = (await http.get('/api/notifications', { token: bob.accessToken })).body.data.map(
      (n: any) => n.id,
    );
    expect(seen).toEqual(all);
  });

  it('counts the unread past the last page, and none for someone without notifications', async () => {
    const past = await http.get('/api/notifications', {
      token: bob.accessToken,
      query: { cursor: '2000-01-01T00:00:00.000Z' },
    });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ data: [], totalCount: 5, hasNext: false, nextCursor: null });
    const quiet = await createUser(server);
    for (const query of [{}, { cursor: '2000-01-01T00:00:00.000Z', idAfter: bob.id }]) {
      const empty = await http.get('/api/notifications', { token: quiet.accessToken, query });
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({ data: [], totalCount: 0, hasNext: false, nextIdAfter: null });
    }
  });

  it('rejects bad paging input with 400', async () => {
    for (const query of [
      { limit: 0 },
      { limit: 101 },
      { limit: 'abc' },
      { cursor: 'yesterday' },
      { cursor: '2026-13-45T99:99:99Z' },
      { idAfter: 'x' },
      { cursor: 'x'.repeat(500) },
    ]) {
      const res = await http.get('/api/notifications', { token: bob.accessToken, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.exceptionName).toBeTruthy();
    }
  });

  it('DELETE marks read (out of the list, the count drops); repeating it is fine', async () => {
    const before = (await http.get('/api/notifications', { token: bob.accessToken })).body;
    const target = before.data[1].id;
    const res = await http.delete(`/api/notifications/${target}`, { token: bob.accessToken });
    expect(res.status).toBe(204);
    const after = (await http.get('/api/notifications', { token: bob.accessToken })).body;
    expect(after.totalCount).toBe(before.totalCount - 1);
    expect(after.data.map((n: any) => n.id)).not.toContain(target);
    expect((await http.delete(`/api/notifications/${target}`, { token: bob.accessToken })).status).toBe(204);
  });

  it("refuses someone else's notification (403), an unknown one (404) and a malformed id (400)", async () => {
    const bobs = (await http.get('/api/notifications', { token: bob.accessToken })).body.data[0].id;
    const other = await http.delete(`/api/notifications/${bobs}`, { token: alice.accessToken });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('본인의 알림만 읽음 처리할 수 있습니다.');
    expect((await http.get('/api/notifications', { token: bob.accessToken })).body.data[0].id).toBe(bobs);
    const unknown = await http.delete('/api/notifications/00000000-0000-4000-8000-000000000000', {
      token: bob.accessToken,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('알림을 찾을 수 없습니다.');
    expect((await http.delete('/api/notifications/not-a-uuid', { token: bob.accessToken })).status).toBe(400);
    expect(
      (await http.delete(`/api/notifications/${'a'.repeat(400)}`, { token: bob.accessToken })).status,
    ).toBe(400);
  });

  it('reads a page from the unread index in its order, first page and after a cursor, without sorting', async () => {
    const repo = createNotificationsRepo();
    const first = await queryPlan(
      server.database,
      repo.pageQueryOf(server.database.db, bob.id, { limit: 20 }),
    );
    const later = await queryPlan(
      server.database,
      repo.pageQueryOf(server.database.db, bob.id, {
        limit: 20,
        cursor: new Date().toISOString(),
        idAfter: bob.id,
      }),
    );
    for (const plan of [first, later]) {
      expect(plan.types).not.toContain('Sort');
      expect(plan.indexes).toContain('notifications_receiver_unread_idx');
    }
  });
});
