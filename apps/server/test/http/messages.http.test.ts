import { eq } from 'drizzle-orm';
import { ko } from '@otboo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';
import { queryPlan } from '../support/query-plan.js';
import { openSse } from '../support/sse-client.js';
import { openDmSender } from '../support/stomp-client.js';
import { notifications } from '../../src/db/schema/index.js';
import { createMessagesRepo } from '../../src/domains/messages/messages.repo.js';
import { pairKeyOf } from '../../src/domains/messages/messages.mapper.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('direct messages REST', () => {
  let server: TestServer;
  let http: HttpClient;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [alice, bob, carol] = await Promise.all([createUser(server), createUser(server), createUser(server)]);
    const a = await openDmSender(server.url, alice);
    const b = await openDmSender(server.url, bob);
    const c = await openDmSender(server.url, carol);
    // alice ↔ bob: 5 messages; carol → alice: 2 (the latest conversation of alice); bob → carol: 1.
    await a.send(bob.id, 'a1');
    await b.send(alice.id, 'b1');
    await a.send(bob.id, 'a2');
    await b.send(alice.id, 'b2');
    await b.send(alice.id, 'b3 👋');
    await b.send(carol.id, 'to carol');
    await c.send(alice.id, 'c1');
    await c.send(alice.id, 'c2');
    for (const s of [a, b, c]) s.close();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('requires a token on every route', async () => {
    expect((await http.get('/api/direct-messages', { query: { userId: bob.id } })).status).toBe(401);
    expect((await http.get('/api/direct-messages/rooms')).status).toBe(401);
    expect((await http.patch(`/api/direct-messages/rooms/${bob.id}/read`)).status).toBe(401);
  });

  it('pages a conversation newest first, both directions, with the contract shape', async () => {
    const res = await http.get('/api/direct-messages', {
      token: alice.accessToken,
      query: { userId: bob.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalCount: 5,
      hasNext: false,
      sortBy: 'createdAt',
      sortDirection: 'DESCENDING',
    });
    expect(res.body.data.map((m: any) => m.content)).toEqual(['b3 👋', 'b2', 'a2', 'b1', 'a1']);
    expect(res.body.data[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: expect.any(String),
      sender: { userId: bob.id, name: bob.name, profileImageUrl: null },
      receiver: { userId: alice.id, name: alice.name, profileImageUrl: null },
      content: 'b3 👋',
    });
    // The same conversation from the other side.
    const other = await http.get('/api/direct-messages', {
      token: bob.accessToken,
      query: { userId: alice.id },
    });
    expect(other.body.data).toEqual(res.body.data);
  });

  it('pages with cursor and idAfter without repeats or gaps', async () => {
    const seen: string[] = [];
    let query: Record<string, string | number> = { userId: bob.id, limit: 2 };
    for (;;) {
      const res = await http.get('/api/direct-messages', { token: alice.accessToken, query });
      expect(res.body.totalCount).toBe(5);
      seen.push(...res.body.data.map((m: any) => m.content));
      if (!res.body.hasNext) break;
      expect(res.body.nextCursor).toMatch(/Z$/);
      query = { userId: bob.id, limit: 2, cursor: res.body.nextCursor, idAfter: res.body.nextIdAfter };
    }
    expect(seen).toEqual(['b3 👋', 'b2', 'a2', 'b1', 'a1']);
  });

  it('counts the conversation past its last page and for a conversation without messages', async () => {
    const past = await http.get('/api/direct-messages', {
      token: alice.accessToken,
      query: { userId: bob.id, cursor: '2000-01-01T00:00:00.000Z', idAfter: UNKNOWN },
    });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ data: [], totalCount: 5, hasNext: false, nextCursor: null });
    const stranger = await createUser(server);
    for (const query of [
      { userId: stranger.id },
      { userId: stranger.id, cursor: '2000-01-01T00:00:00.000Z' },
    ]) {
      const empty = await http.get('/api/direct-messages', { token: alice.accessToken, query });
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({ data: [], totalCount: 0, hasNext: false, nextIdAfter: null });
    }
  });

  it('shows a user only their own conversations', async () => {
    // carol asking for bob shows carol↔bob, never alice↔bob.
    const res = await http.get('/api/direct-messages', {
      token: carol.accessToken,
      query: { userId: bob.id },
    });
    expect(res.body.data.map((m: any) => m.content)).toEqual(['to carol']);
  });

  it('rejects bad input: missing or malformed userId, unknown user, bad paging', async () => {
    const cases: [Record<string, string | number>, number][] = [
      [{}, 400],
      [{ userId: 'nope' }, 400],
      [{ userId: UNKNOWN }, 404],
      // The partner is checked before the paging values.
      [{ userId: UNKNOWN, cursor: 'not-a-date' }, 404],
      [{ userId: bob.id, limit: 0 }, 400],
      [{ userId: bob.id, limit: 1000 }, 400],
      [{ userId: bob.id, cursor: 'not-a-date' }, 400],
      [{ userId: bob.id, cursor: '2026-01-01T00:00:00.000Z', idAfter: 'x' }, 400],
    ];
    for (const [query, status] of cases) {
      const res = await http.get('/api/direct-messages', { token: alice.accessToken, query });
      expect(res.status, JSON.stringify(query)).toBe(status);
      expect(res.body).toMatchObject({ exceptionName: expect.any(String), message: expect.any(String) });
    }
  });

  it('lists rooms latest conversation first with the last message and unread counts', async () => {
    const res = await http.get('/api/direct-messages/rooms', { token: alice.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        partner: { userId: carol.id, name: carol.name, profileImageUrl: null },
        lastMessage: expect.objectContaining({
          content: 'c2',
          sender: expect.objectContaining({ userId: carol.id }),
        }),
        unreadCount: 2,
      },
      {
        partner: { userId: bob.id, name: bob.name, profileImageUrl: null },
        lastMessage: expect.objectContaining({ content: 'b3 👋' }),
        unreadCount: 3,
      },
    ]);
    const bobs = await http.get('/api/direct-messages/rooms', { token: bob.accessToken });
    expect(bobs.body.map((r: any) => [r.partner.userId, r.lastMessage.content, r.unreadCount])).toEqual([
      [carol.id, 'to carol', 0],
      [alice.id, 'b3 👋', 2],
    ]);
    const nobody = await createUser(server);
    expect((await http.get('/api/direct-messages/rooms', { token: nobody.accessToken })).body).toEqual([]);
  });

  it("PATCH rooms/{userId}/read marks only that partner's messages to me as read", async () => {
    const res = await http.patch(`/api/direct-messages/rooms/${bob.id}/read`, { token: alice.accessToken });
    expect(res.status).toBe(204);
    const rooms = (await http.get('/api/direct-messages/rooms', { token: alice.accessToken })).body;
    expect(rooms.map((r: any) => [r.partner.userId, r.unreadCount])).toEqual([
      [carol.id, 2],
      [bob.id, 0],
    ]);
    // Bob's unread (from alice) is untouched.
    const bobs = (await http.get('/api/direct-messages/rooms', { token: bob.accessToken })).body;
    expect(bobs.find((r: any) => r.partner.userId === alice.id).unreadCount).toBe(2);
    expect(
      (await http.patch(`/api/direct-messages/rooms/${bob.id}/read`, { token: alice.accessToken })).status,
    ).toBe(204);
  });

  it('PATCH read refuses a malformed id (400) and an unknown user (404)', async () => {
    expect(
      (await http.patch('/api/direct-messages/rooms/nope/read', { token: alice.accessToken })).status,
    ).toBe(400);
    const unknown = await http.patch(`/api/direct-messages/rooms/${UNKNOWN}/read`, {
      token: alice.accessToken,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('사용자를 찾을 수 없습니다.');
  });

  it('reads a conversation page from its index in its order, first page and after a cursor, without sorting', async () => {
    const repo = createMessagesRepo();
    const pairKey = pairKeyOf(alice.id, bob.id);
    const first = await queryPlan(
      server.database,
      repo.pageQuery(server.database.db, pairKey, { limit: 20 }),
    );
    const later = await queryPlan(
      server.database,
      repo.pageQuery(server.database.db, pairKey, {
        limit: 20,
        cursor: new Date().toISOString(),
        idAfter: alice.id,
      }),
    );
    for (const plan of [first, later]) {
      expect(plan.types).not.toContain('Sort');
      expect(plan.indexes).toContain('direct_messages_pair_created_idx');
    }
  });
});

describe('reading a conversation reads its message notifications', () => {
  let server: TestServer;
  let http: HttpClient;
  let reader: TestUser;
  let partner: TestUser;
  let other: TestUser;

  const unread = async (user: TestUser) =>
    (await http.get('/api/notifications', { token: user.accessToken, query: { limit: 100 } })).body;

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [reader, partner, other] = await Promise.all([
      createUser(server),
      createUser(server),
      createUser(server),
    ]);
    // The partner follows the reader (a notification from the same person, not about a message) …
    expect(
      (
        await http.post('/api/follows', {
          token: partner.accessToken,
          json: { followerId: partner.id, followeeId: reader.id },
        })
      ).status,
    ).toBe(201);
    // … and writes twice; another user writes once; the reader writes to the partner once.
    const p = await openDmSender(server.url, partner);
    const o = await openDmSender(server.url, other);
    const r = await openDmSender(server.url, reader);
    await p.send(reader.id, 'p1');
    await o.send(reader.id, 'o1');
    await p.send(reader.id, 'p2');
    await r.send(partner.id, 'r1');
    for (const s of [p, o, r]) s.close();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores what each notification is about and who caused it; the DTO shows only where it leads', async () => {
    const rows = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, reader.id));
    const about = rows.map((n) => [n.kind, n.sourceUserId]).sort();
    expect(about).toEqual(
      [
        ['DIRECT_MESSAGE', partner.id],
        ['DIRECT_MESSAGE', partner.id],
        ['DIRECT_MESSAGE', other.id],
        ['FOLLOW', partner.id],
      ].sort(),
    );
    // The course's fields and our optional target (docs/api.md §9.9); the kind and the cause stay stored only.
    for (const dto of (await unread(reader)).data)
      expect(Object.keys(dto).sort()).toEqual([
        'content',
        'createdAt',
        'id',
        'level',
        'receiverId',
        'target',
        'title',
      ]);
  });

  it("marks read the reader's message notifications from that partner only, in the same call, publishing nothing", async () => {
    const before = await unread(reader);
    expect(before.totalCount).toBe(4);
    const stream = await openSse(server.url, { token: reader.accessToken });
    await stream.waitForComments(1);
    expect(
      (await http.patch(`/api/direct-messages/rooms/${partner.id}/read`, { token: reader.accessToken }))
        .status,
    ).toBe(204);

    const after = await unread(reader);
    expect(after.totalCount).toBe(2);
    expect(after.data.map((n: any) => n.content).sort()).toEqual(
      [`${other.name}: o1`, ko.follows.followedNotificationContent(partner.name)].sort(),
    );
    // The partner's own notification of the reader's message is the partner's to read.
    expect((await unread(partner)).totalCount).toBe(1);
    // Read, not removed: they stay for SSE replay.
    const rows = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, reader.id));
    expect(
      rows
        .filter((n) => n.kind === 'DIRECT_MESSAGE' && n.sourceUserId === partner.id)
        .every((n) => n.readAt !== null),
    ).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.events).toEqual([]);
    stream.close();
  });

  it('leaves a message that arrives after the read unread, and reading again reads it', async () => {
    const p = await openDmSender(server.url, partner);
    await p.send(reader.id, 'p3');
    p.close();
    expect((await unread(reader)).totalCount).toBe(3);
    expect(
      (await http.patch(`/api/direct-messages/rooms/${partner.id}/read`, { token: reader.accessToken }))
        .status,
    ).toBe(204);
    expect((await unread(reader)).totalCount).toBe(2);
    expect(
      (await http.patch(`/api/direct-messages/rooms/${partner.id}/read`, { token: reader.accessToken }))
        .status,
    ).toBe(204);
    expect((await unread(reader)).totalCount).toBe(2);
  });
});
