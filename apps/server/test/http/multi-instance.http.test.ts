import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { ko } from '@otboo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdminClient } from '../support/databases.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient } from '../support/http.js';
import { openSse } from '../support/sse-client.js';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../support/start-server.js';
import {
  connectStompJs,
  directMessageTopic,
  DM_SEND_DESTINATION,
  openDmSender,
  openRawStomp,
} from '../support/stomp-client.js';
import { profiles } from '../../src/db/schema/index.js';
import { createNotifier } from '../../src/domains/notifications/notifications.service.js';
import { createPgEventBus } from '../../src/realtime/pg-event-bus.js';
import { MAX_BUS_PAYLOAD_BYTES } from '../../src/realtime/event-bus.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Two app instances on one PostgreSQL database, fanning out over the bus the app picks for its settings. */
function twoInstances(label: string, env: Record<string, string>, available: () => Promise<boolean>) {
  // The embedded database is one process: several instances need PostgreSQL.
  describe(`two instances (${label})`, () => {
    let database: TestDatabase;
    let a: TestServer;
    let b: TestServer;
    let alice: TestUser;
    let bob: TestUser;
    let skip = false;

    beforeAll(async () => {
      if (!(await available())) {
        skip = true;
        return;
      }
      database = await createTestDatabase();
      a = await startServer({ database, env });
      b = await startServer({ database, env });
      [alice, bob] = await Promise.all([createUser(a), createUser(b)]);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.drop();
    });

    it('ends on B, within the bus delay, a session that an admin locks on A', async (ctx) => {
      if (skip) return ctx.skip();
      const admin = await createUser(a, { role: 'ADMIN' });
      const carol = await createUser(b);
      const onB = httpClient(b.url);
      const profileOnB = async () =>
        (await onB.get(`/api/users/${carol.id}/profiles`, { token: carol.accessToken })).status;
      // B now remembers carol's live session.
      expect(await profileOnB()).toBe(200);
      const lock = await httpClient(a.url).patch(`/api/users/${carol.id}/lock`, {
        token: admin.accessToken,
        json: { locked: true },
      });
      expect(lock.status).toBe(200);
      // Without the bus eviction B would trust its memory for the cache TTL (5 s); with it, milliseconds.
      await expect.poll(profileOnB, { timeout: 2_000, interval: 20 }).toBe(401);
    });

    it('ends on B the STOMP connection and SSE stream of a user an admin locks on A', async (ctx) => {
      if (skip) return ctx.skip();
      const admin = await createUser(a, { role: 'ADMIN' });
      const dave = await createUser(b);
      const stomp = await openRawStomp(b.url);
      expect((await stomp.connect(dave.accessToken)).command).toBe('CONNECTED');
      const stream = await openSse(b.url, { token: dave.accessToken });
      await stream.waitForComments(1);
      // Someone else on B stays connected.
      const bystander = await openRawStomp(b.url);
      expect((await bystander.connect(bob.accessToken)).command).toBe('CONNECTED');

      const lock = await httpClient(a.url).patch(`/api/users/${dave.id}/lock`, {
        token: admin.accessToken,
        json: { locked: true },
      });
      expect(lock.status).toBe(200);
      const error = await stomp.waitFor((f) => f.command === 'ERROR', 3_000);
      expect(error.headers.message).toBe(ko.realtime.sessionEnded);
      await stomp.closed;
      await stream.ended;
      expect(bystander.isClosed).toBe(false);
      bystander.close();
    });

    it('delivers a DM sent through A to subscribers on B (and the echo on A)', async (ctx) => {
      if (skip) return ctx.skip();
      const topic = directMessageTopic(alice.id, bob.id);
      const onA = await connectStompJs(a.url, alice.accessToken, 'sockjs-websocket');
      const onB = await connectStompJs(b.url, bob.accessToken, 'websocket');
      try {
        const echo = await onA.subscribe(topic);
        const inbox = await onB.subscribe(topic);
        await onA.publish(
          DM_SEND_DESTINATION,
          JSON.stringify({ senderId: alice.id, receiverId: bob.id, content: 'A에서 B로' }),
        );
        const [received] = await inbox.waitFor(1);
        const [echoed] = await echo.waitFor(1);
        expect(received).toMatchObject({
          content: 'A에서 B로',
          sender: { userId: alice.id },
          receiver: { userId: bob.id },
        });
        expect(echoed).toEqual(received);
      } finally {
        await onA.close();
        await onB.close();
      }
    });

    it('delivers a notification created on A to an SSE stream on B, once', async (ctx) => {
      if (skip) return ctx.skip();
      const stream = await openSse(b.url, { token: bob.accessToken });
      const dm = await openDmSender(a.url, alice);
      await dm.send(bob.id, '알림은 B로');
      dm.close();
      const [event] = await stream.waitForEvents(1);
      expect(JSON.parse(event!.data)).toMatchObject({
        receiverId: bob.id,
        content: `${alice.name}: 알림은 B로`,
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.events.filter((e) => e.event === 'notifications')).toHaveLength(1);
      stream.close();
    });

    it('replays after reconnecting to the other instance', async (ctx) => {
      if (skip) return ctx.skip();
      const first = await openSse(a.url, { token: bob.accessToken });
      const dm = await openDmSender(b.url, alice);
      await dm.send(bob.id, 'seen on A');
      const [seen] = await first.waitForEvents(1);
      first.close();
      await dm.send(bob.id, 'missed 1');
      await dm.send(bob.id, 'missed 2');
      const second = await openSse(b.url, { token: bob.accessToken, lastEventId: seen!.id });
      await second.waitForEvents(2);
      await dm.send(bob.id, 'live on B');
      dm.close();
      const events = await second.waitForEvents(3);
      expect(events.map((e) => JSON.parse(e.data).content)).toEqual(
        ['missed 1', 'missed 2', 'live on B'].map((t) => `${alice.name}: ${t}`),
      );
    });

    it('sends a message too big for every bus by reference, read back on the other instance', async (ctx) => {
      if (skip) return ctx.skip();
      // A long social-provider avatar URL makes the message DTO exceed the bus limit.
      const avatar = `https://example.invalid/${'a'.repeat(MAX_BUS_PAYLOAD_BYTES)}`;
      await a.database.db
        .update(profiles)
        .set({ externalImageUrl: avatar })
        .where(eq(profiles.userId, alice.id));
      const topic = directMessageTopic(alice.id, bob.id);
      const onB = await connectStompJs(b.url, bob.accessToken, 'websocket');
      const inbox = await onB.subscribe(topic);
      const dm = await openDmSender(a.url, alice);
      await dm.send(bob.id, '큰 메시지');
      dm.close();
      const [received] = await inbox.waitFor(1);
      expect(received).toMatchObject({
        content: '큰 메시지',
        sender: { userId: alice.id, profileImageUrl: avatar },
      });
      await onB.close();
      await a.database.db
        .update(profiles)
        .set({ externalImageUrl: null })
        .where(eq(profiles.userId, alice.id));
    });

    it('marks read on one instance, seen as read on the other', async (ctx) => {
      if (skip) return ctx.skip();
      const list = (await httpClient(a.url).get('/api/notifications', { token: bob.accessToken })).body;
      const first = list.data[0].id;
      expect(
        (await httpClient(b.url).delete(`/api/notifications/${first}`, { token: bob.accessToken })).status,
      ).toBe(204);
      const after = (await httpClient(a.url).get('/api/notifications', { token: bob.accessToken })).body;
      expect(after.totalCount).toBe(list.totalCount - 1);
    });
  });
}

twoInstances('PostgreSQL LISTEN/NOTIFY', {}, async () => true);

describe('a notification recorded by another process', () => {
  it('reaches the SSE stream, by reference when too big for NOTIFY, and in recording order', async () => {
    const server = await startServer();
    const bus = await createPgEventBus({
      url: server.database.url,
      pool: server.database.pool,
      log: server.app.log,
    });
    try {
      const bob = await createUser(server);
      const stream = await openSse(server.url, { token: bob.accessToken });
      await stream.waitForComments(1);
      // What any other domain (or instance) does: record in its transaction, publish after commit.
      const notifier = createNotifier({ bus });
      const long = '알림'.repeat(3000);
      const dtos = await server.database.db.transaction((tx) =>
        notifier.record(tx, [
          { receiverId: bob.id, title: '속성 추가', content: long, level: 'WARNING' },
          { receiverId: bob.id, title: '권한 변경', content: 'short' },
        ]),
      );
      await notifier.publish(dtos);
      const events = await stream.waitForEvents(2);
      expect(events.map((e) => JSON.parse(e.data))).toEqual(dtos);
      // The first one travelled by reference and was read back; the second waited behind it.
      expect(JSON.parse(events[0]!.data).content).toBe(long);
      stream.close();
    } finally {
      await bus.close();
      await server.close();
    }
  });
});
twoInstances('Redis pub/sub', { REDIS_URL }, redisAvailable);

describe('PostgreSQL bus losing its connection', () => {
  it('ends SSE streams when LISTEN comes back, and the reconnect replays what the bus missed', async () => {
    const database = await createTestDatabase();
    const server = await startServer({ database });
    try {
      const [alice, bob] = await Promise.all([createUser(server), createUser(server)]);
      const stream = await openSse(server.url, { token: bob.accessToken });
      const dm = await openDmSender(server.url, alice);
      await dm.send(bob.id, 'before the cut');
      const [seen] = await stream.waitForEvents(1);

      // Cut the listening connection (as a failover or a network blip would).
      const dbName = new URL(database.location).pathname.slice(1);
      await withAdminClient((c) =>
        c.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen%'`,
          [dbName],
        ),
      );
      await dm.send(bob.id, 'during the cut');
      await stream.ended;

      const again = await openSse(server.url, { token: bob.accessToken, lastEventId: seen!.id });
      const [replayed] = await again.waitForEvents(1);
      expect(JSON.parse(replayed!.data).content).toBe(`${alice.name}: during the cut`);
      // And live delivery works again through the new LISTEN connection.
      await dm.send(bob.id, 'after the cut');
      const events = await again.waitForEvents(2);
      expect(JSON.parse(events[1]!.data).content).toBe(`${alice.name}: after the cut`);
      dm.close();
      again.close();
    } finally {
      await server.close();
      await database.drop();
    }
  });
});
