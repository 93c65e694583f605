import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { notificationsOf, openSse, type SseConnection } from '../support/sse-client.js';
import { createTestDatabase, startServer, type TestServer } from '../support/start-server.js';
import { openDmSender, sendDirectMessage } from '../support/stomp-client.js';
import { createAccessTokens } from '../../src/domains/auth/tokens.js';

const HEARTBEAT_MS = 200;
const realtime = { sse: { heartbeatMs: HEARTBEAT_MS } };

/** Notifications of `user` as the API lists them (unread, newest first). */
async function unreadIds(http: HttpClient, user: TestUser): Promise<string[]> {
  return (
    await http.get('/api/notifications', { token: user.accessToken, query: { limit: 100 } })
  ).body.data.map((n: any) => n.id);
}

describe('SSE at /api/sse', () => {
  let server: TestServer;
  let http: HttpClient;
  let alice: TestUser;
  let bob: TestUser;
  const open: SseConnection[] = [];
  const sse = async (...args: Parameters<typeof openSse>) => {
    const conn = await openSse(...args);
    open.push(conn);
    return conn;
  };

  beforeAll(async () => {
    server = await startServer({ overrides: { realtime } });
    http = httpClient(server.url);
    [alice, bob] = await Promise.all([createUser(server), createUser(server)]);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server?.close();
  });

  it('answers 401 JSON without a token or with a bad or expired one', async () => {
    const expired = await createAccessTokens(server.config.jwtSecret!, -1000).sign({
      userId: bob.id,
      sessionId: bob.id,
      role: 'USER',
    });
    for (const token of [undefined, 'garbage', `${bob.accessToken}x`, expired]) {
      const conn = await sse(server.url, { token });
      expect(conn.status).toBe(401);
      expect(conn.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.parse(await conn.text)).toMatchObject({
        exceptionName: expect.any(String),
        message: expect.stringMatching(/로그인/),
      });
    }
  });

  it('answers 400 for a lastEventId that is not a UUID, in the query or the Last-Event-ID header', async () => {
    for (const options of [
      { lastEventId: 'not-a-uuid' },
      { lastEventId: "1' or 1=1" },
      { headers: { 'last-event-id': '12345' } },
    ]) {
      const conn = await sse(server.url, { token: bob.accessToken, ...options });
      expect(conn.status).toBe(400);
      expect(JSON.parse(await conn.text)).toMatchObject({
        exceptionName: 'InvalidInputException',
        details: expect.any(Object),
      });
    }
  });

  it('opens a text/event-stream with the security headers, a comment at once and one every heartbeat', async () => {
    const conn = await sse(server.url, { token: bob.accessToken });
    expect(conn.status).toBe(200);
    expect(conn.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(conn.headers['cache-control']).toBe('no-cache, no-transform');
    // Headers set by hooks (helmet) survive: the stream goes through reply.send.
    expect(conn.headers['x-content-type-options']).toBe('nosniff');
    await conn.waitForComments(1, 1_000);
    const start = conn.comments[0]!.at;
    await conn.waitForComments(5, 3_000);
    const gaps = conn.comments.slice(1, 5).map((c, i) => c.at - (i === 0 ? start : conn.comments[i]!.at));
    for (const gap of gaps) {
      expect(gap).toBeGreaterThan(HEARTBEAT_MS * 0.5);
      expect(gap).toBeLessThan(HEARTBEAT_MS * 3);
    }
    conn.close();
  });

  it('sends each notification as event "notifications" with id = notification id and data = NotificationDto', async () => {
    const conn = await sse(server.url, { token: bob.accessToken });
    await sendDirectMessage(server.url, alice, bob.id, '첫 번째 메시지입니다');
    const [event] = await conn.waitForEvents(1);
    const dto = JSON.parse(event!.data);
    expect(dto).toEqual({
      id: event!.id,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      receiverId: bob.id,
      title: '새 메시지',
      content: `${alice.name}: 첫 번째 메시지입니다`,
      level: 'INFO',
      // Ours (docs/api.md §9.9): an optional field the course client ignores.
      target: { kind: 'CONVERSATION', id: alice.id },
    });
    expect((await unreadIds(http, bob))[0]).toBe(dto.id);
    conn.close();
  });

  it('delivers every event to each of several tabs, and nothing to other users', async () => {
    const tabs = await Promise.all([1, 2, 3].map(() => sse(server.url, { token: bob.accessToken })));
    const aliceTab = await sse(server.url, { token: alice.accessToken });
    const dm = await openDmSender(server.url, alice);
    for (let i = 0; i < 3; i++) await dm.send(bob.id, `탭 ${i}`);
    dm.close();
    for (const tab of tabs) {
      const events = await tab.waitForEvents(3);
      expect(events.map((e) => JSON.parse(e.data).content)).toEqual(
        [0, 1, 2].map((i) => `${alice.name}: 탭 ${i}`),
      );
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(notificationsOf(aliceTab)).toEqual([]);
    for (const t of [...tabs, aliceTab]) t.close();
  });

  it('replays what was missed after lastEventId (query or Last-Event-ID header), in order, then goes live', async () => {
    const first = await sse(server.url, { token: bob.accessToken });
    await sendDirectMessage(server.url, alice, bob.id, 'before');
    const [seen] = await first.waitForEvents(1);
    first.close();

    const dm = await openDmSender(server.url, alice);
    for (const text of ['missed 1', 'missed 2', 'missed 3']) await dm.send(bob.id, text);

    for (const options of [{ lastEventId: seen!.id }, { headers: { 'last-event-id': seen!.id! } }]) {
      const again = await sse(server.url, { token: bob.accessToken, ...options });
      const replayed = await again.waitForEvents(3);
      expect(replayed.map((e) => JSON.parse(e.data).content)).toEqual(
        ['missed 1', 'missed 2', 'missed 3'].map((t) => `${alice.name}: ${t}`),
      );
      again.close();
    }
    const live = await sse(server.url, { token: bob.accessToken, lastEventId: seen!.id });
    await live.waitForEvents(3);
    await dm.send(bob.id, 'live');
    const all = await live.waitForEvents(4);
    expect(JSON.parse(all[3]!.data).content).toBe(`${alice.name}: live`);
    dm.close();
    live.close();
  });

  it('replays read notifications too (read only leaves the list)', async () => {
    const conn = await sse(server.url, { token: bob.accessToken });
    await sendDirectMessage(server.url, alice, bob.id, 'anchor');
    const [anchor] = await conn.waitForEvents(1);
    conn.close();
    await sendDirectMessage(server.url, alice, bob.id, 'read later');
    const readId = (await unreadIds(http, bob))[0]!;
    expect((await http.delete(`/api/notifications/${readId}`, { token: bob.accessToken })).status).toBe(204);
    const again = await sse(server.url, { token: bob.accessToken, lastEventId: anchor!.id });
    const [replayed] = await again.waitForEvents(1);
    expect(replayed!.id).toBe(readId);
    again.close();
  });

  it("ignores a lastEventId of another user's notification (no replay, no leak) and an unknown one", async () => {
    const aliceConn = await sse(server.url, { token: alice.accessToken });
    await sendDirectMessage(server.url, bob, alice.id, 'for alice');
    const [aliceEvent] = await aliceConn.waitForEvents(1);
    aliceConn.close();
    for (const lastEventId of [aliceEvent!.id!, '00000000-0000-4000-8000-000000000000']) {
      const conn = await sse(server.url, { token: bob.accessToken, lastEventId });
      expect(conn.status).toBe(200);
      await conn.waitForComments(2, 2_000);
      expect(conn.events).toEqual([]);
      conn.close();
    }
  });

  it('loses nothing and repeats nothing when messages keep coming during the reconnect', async () => {
    const carol = await createUser(server);
    const first = await sse(server.url, { token: carol.accessToken });
    const dm = await openDmSender(server.url, alice);
    const total = 30;
    const sending = (async () => {
      for (let i = 0; i < total; i++) await dm.send(carol.id, `n${i}`);
    })();
    const seen = await first.waitForEvents(5, { timeoutMs: 15_000 });
    first.close();
    const firstIds = notificationsOf(first).map((n) => n.id);
    const second = await sse(server.url, {
      token: carol.accessToken,
      lastEventId: firstIds.at(-1) ?? seen[4]!.id,
    });
    await sending;
    dm.close();
    const rest = total - firstIds.length;
    await second.waitForEvents(rest, { timeoutMs: 15_000 });
    await new Promise((r) => setTimeout(r, 300));
    const received = [...firstIds, ...notificationsOf(second).map((n) => n.id)];
    expect(new Set(received).size).toBe(received.length);
    expect(received).toEqual((await unreadIds(http, carol)).reverse());
    expect([...notificationsOf(first), ...notificationsOf(second)].map((n) => n.content)).toEqual(
      Array.from({ length: total }, (_, i) => `${alice.name}: n${i}`),
    );
  });

  it('releases closed streams: no registry entry, no heart-beat timer', async () => {
    for (const c of open) c.close();
    const conns = await Promise.all([1, 2, 3].map(() => sse(server.url, { token: bob.accessToken })));
    await Promise.all(conns.map((c) => c.waitForComments(1)));
    expect(server.app.realtimeStats().sse).toMatchObject({ users: 1, streams: 3 });
    for (const c of conns) c.close();
    await expect
      .poll(() => server.app.realtimeStats().sse, { timeout: 5_000 })
      .toEqual({ users: 0, streams: 0, heartbeatTimers: 0 });
  });
});

describe('SSE across a server restart', () => {
  it('replays what was created while the client was away, after the restart', async () => {
    const database = await createTestDatabase();
    let server = await startServer({ database, overrides: { realtime } });
    try {
      const [alice, bob] = await Promise.all([createUser(server), createUser(server)]);
      const conn = await openSse(server.url, { token: bob.accessToken });
      await sendDirectMessage(server.url, alice, bob.id, 'before restart');
      const [seen] = await conn.waitForEvents(1);

      await server.close();
      await conn.ended;
      server = await startServer({ database, overrides: { realtime } });

      const dm = await openDmSender(server.url, alice);
      await dm.send(bob.id, 'while away 1');
      await dm.send(bob.id, 'while away 2');
      const again = await openSse(server.url, { token: bob.accessToken, lastEventId: seen!.id });
      await again.waitForEvents(2);
      await dm.send(bob.id, 'live after restart');
      const events = await again.waitForEvents(3);
      expect(events.map((e) => JSON.parse(e.data).content)).toEqual(
        ['while away 1', 'while away 2', 'live after restart'].map((t) => `${alice.name}: ${t}`),
      );
      dm.close();
      again.close();
    } finally {
      await server.close();
      await database.drop();
    }
  });
});
