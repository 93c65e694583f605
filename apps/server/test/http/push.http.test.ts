import { createECDH, randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type FeedDto, type PushSubscriptionDto } from '@otboo/contract';
import { loadConfig } from '../../src/config.js';
import { pushSubscriptions, refreshTokens, sessions } from '../../src/db/schema/index.js';
import { hashRefreshToken } from '../../src/domains/auth/tokens.js';
import { startPushServiceFake, type PushDevice, type PushServiceFake } from '../fakes/push-service.js';
import { insertWeatherRow, type WeatherRow } from '../support/db-rows.js';
import { createUser, signIn, signInAsAdmin, type TestUser } from '../support/factories.js';
import { refresh } from '../support/auth.js';
import { httpClient, type HttpClient } from '../support/http.js';
import {
  createTestDatabase,
  startServer,
  testEnv,
  type TestDatabase,
  type TestServer,
} from '../support/start-server.js';
import { sendDirectMessage } from '../support/stomp-client.js';

/** Names the tests resolve without the network (never reached: only the guard sees these answers). */
const DNS: Record<string, LookupAddress[]> = {
  'push.public.test': [{ address: '93.184.216.34', family: 4 }],
  'push.loopback.test': [{ address: '127.0.0.1', family: 4 }],
  'push.rebind.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.1.2.3', family: 4 },
  ],
  'push.mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
};
const resolver = (
  host: string,
  _options: { all: true },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => {
  const found = DNS[host];
  if (found) callback(null, found);
  else callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
};

const keysOf = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};
const subscription = (endpoint: string, keys = keysOf()) => ({ endpoint, expirationTime: null, keys });

describe('web push: keys and subscriptions', () => {
  let fake: PushServiceFake;
  let server: TestServer;
  let http: HttpClient;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    fake = await startPushServiceFake();
    server = await startServer({ env: { PUSH_ALLOW_PRIVATE: 'true' }, overrides: { push: { resolver } } });
    http = httpClient(server.url);
    [alice, bob] = await Promise.all([createUser(server), createUser(server)]);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const list = async (user: TestUser) =>
    (await http.get<PushSubscriptionDto[]>('/api/push/subscriptions', { token: user.accessToken })).body;

  it('answers 401 without a token on every call', async () => {
    expect((await http.get('/api/push/public-key')).status).toBe(401);
    expect((await http.get('/api/push/subscriptions')).status).toBe(401);
    const body = subscription(fake.device().subscription.endpoint);
    expect((await http.post('/api/push/subscriptions', { json: body })).status).toBe(401);
    expect((await http.delete('/api/push/subscriptions', { json: { endpoint: body.endpoint } })).status).toBe(
      401,
    );
  });

  it('gives the VAPID public key: base64url of an uncompressed P-256 point', async () => {
    const res = await http.get('/api/push/public-key', { token: alice.accessToken });
    expect(res.status).toBe(200);
    const raw = Buffer.from(res.body.publicKey, 'base64url');
    expect(res.body.publicKey).toMatch(/^[\w-]+$/);
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(0x04);
  });

  it('refuses malformed keys and endpoints with a Korean 400, storing nothing', async () => {
    const endpoint = fake.device().subscription.endpoint;
    const good = keysOf();
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const cases: [unknown, string][] = [
      [undefined, 'body'],
      [{}, 'endpoint'],
      [{ endpoint }, 'keys'],
      [{ endpoint, keys: { p256dh: good.p256dh } }, 'keys.auth'],
      [subscription(endpoint, { ...good, p256dh: 'abc' }), 'keys.p256dh'],
      [subscription(endpoint, { ...good, p256dh: notOnCurve }), 'keys.p256dh'],
      [subscription(endpoint, { ...good, p256dh: good.p256dh.slice(0, 40) }), 'keys.p256dh'],
      [subscription(endpoint, { ...good, p256dh: '!!!not-base64!!!' }), 'keys.p256dh'],
      [subscription(endpoint, { ...good, auth: randomBytes(15).toString('base64url') }), 'keys.auth'],
      [subscription(endpoint, { ...good, auth: 'x'.repeat(500) }), 'keys.auth'],
      [subscription(`${fake.origin}/push/${'a'.repeat(10 * 1024)}`, good), 'endpoint'],
      [subscription('', good), 'endpoint'],
      [subscription('not a url', good), 'endpoint'],
      [subscription('ftp://push.public.test/x', good), 'endpoint'],
      [subscription(`${endpoint}\u0000`, good), 'endpoint'],
      [{ ...subscription(endpoint, good), expirationTime: 'soon' }, 'expirationTime'],
      [{ endpoint: 42, keys: good }, 'endpoint'],
    ];
    for (const [json, field] of cases) {
      const res = await http.post('/api/push/subscriptions', { token: alice.accessToken, json });
      expect(res.status, `${field} ${JSON.stringify(json)?.slice(0, 80)}`).toBe(400);
      expect(res.body.message).toMatch(/[가-힣]/);
      if (field !== 'body') expect(Object.keys(res.body.details), field).toContain(field);
    }
    expect(await list(alice)).toEqual([]);
    expect(fake.connections).toBe(0);
  });

  it('stores one row per endpoint: the same endpoint again is 200 for its owner, with new keys too', async () => {
    const device = fake.device();
    const first = await http.post('/api/push/subscriptions', {
      token: alice.accessToken,
      json: device.subscription,
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      endpoint: device.subscription.endpoint,
      createdAt: expect.any(String),
    });
    const again = await http.post('/api/push/subscriptions', {
      token: alice.accessToken,
      json: device.subscription,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rekeyed = subscription(device.subscription.endpoint);
    const ownNewKeys = await http.post('/api/push/subscriptions', {
      token: alice.accessToken,
      json: rekeyed,
    });
    expect(ownNewKeys.status).toBe(200);
    expect(ownNewKeys.body).toEqual(first.body);
    const [row] = await server.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
    expect(row).toMatchObject({ userId: alice.id, p256dh: rekeyed.keys.p256dh, auth: rekeyed.keys.auth });
    expect((await list(alice)).map((s) => s.endpoint)).toEqual([device.subscription.endpoint]);
    await http.delete('/api/push/subscriptions', {
      token: alice.accessToken,
      json: { endpoint: device.subscription.endpoint },
    });
  });

  it("moves another user's endpoint only with the same keys (409 otherwise), answering as for a new one", async () => {
    const [owner, other] = await Promise.all([createUser(server), createUser(server)]);
    const device = fake.device();
    const stored = await server.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
    expect(stored).toEqual([]);
    const mine = await http.post<PushSubscriptionDto>('/api/push/subscriptions', {
      token: owner.accessToken,
      json: device.subscription,
    });
    expect(mine.status).toBe(201);
    const rowOf = async () =>
      (
        await server.database.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, device.subscription.endpoint))
      )[0]!;
    const before = await rowOf();

    // Someone who knows the URL but not the browser's keys: refused, nothing moves or changes.
    for (const keys of [keysOf(), { ...device.subscription.keys, auth: keysOf().auth }]) {
      const taken = await http.post('/api/push/subscriptions', {
        token: other.accessToken,
        json: { ...device.subscription, keys },
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({
        exceptionName: 'PushSubscriptionConflictException',
        message: ko.push.subscriptionConflict,
        details: {},
      });
    }
    expect(await rowOf()).toEqual(before);
    expect((await list(owner)).map((s) => s.id)).toEqual([mine.body.id]);
    expect(await list(other)).toEqual([]);

    // The same browser signed in to the other account (same keys): the device moves, and the answer is the one a
    // new subscription gets (201, a new id, a new createdAt), so it tells nothing about the first account.
    const startedAt = Date.now();
    const moved = await http.post<PushSubscriptionDto>('/api/push/subscriptions', {
      token: other.accessToken,
      json: device.subscription,
    });
    const fresh = await http.post<PushSubscriptionDto>('/api/push/subscriptions', {
      token: other.accessToken,
      json: fake.device().subscription,
    });
    expect([moved.status, fresh.status]).toEqual([201, 201]);
    expect(Object.keys(moved.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(moved.body.id).not.toBe(mine.body.id);
    expect(new Date(moved.body.createdAt).getTime()).toBeGreaterThanOrEqual(startedAt - 1_000);
    expect(await list(owner)).toEqual([]);
    expect((await list(other)).map((s) => s.endpoint)).toEqual([
      device.subscription.endpoint,
      fresh.body.endpoint,
    ]);
    // Now it is the caller's own: 200 with the same answer.
    const again = await http.post('/api/push/subscriptions', {
      token: other.accessToken,
      json: device.subscription,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(moved.body);
  });

  it("never shows or deletes another user's subscription", async () => {
    const device = fake.device();
    expect(
      (await http.post('/api/push/subscriptions', { token: alice.accessToken, json: device.subscription }))
        .status,
    ).toBe(201);
    expect(await list(bob)).toEqual([]);
    const refused = await http.delete('/api/push/subscriptions', {
      token: bob.accessToken,
      json: { endpoint: device.subscription.endpoint },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(ko.push.subscriptionNotFound);
    expect((await list(alice)).map((s) => s.endpoint)).toEqual([device.subscription.endpoint]);

    const own = await http.delete('/api/push/subscriptions', {
      token: alice.accessToken,
      json: { endpoint: device.subscription.endpoint },
    });
    expect(own.status).toBe(204);
    expect(await list(alice)).toEqual([]);
    const twice = await http.delete('/api/push/subscriptions', {
      token: alice.accessToken,
      json: { endpoint: device.subscription.endpoint },
    });
    expect(twice.status).toBe(404);
    const bad = await http.delete('/api/push/subscriptions', {
      token: alice.accessToken,
      json: { endpoint: 'x'.repeat(3000) },
    });
    expect(bad.status).toBe(400);
  });

  it('keeps at most 20 devices per user, forgetting the oldest', async () => {
    const carol = await createUser(server);
    const endpoints: string[] = [];
    for (let i = 0; i < 22; i++) {
      const device = fake.device();
      endpoints.push(device.subscription.endpoint);
      expect(
        (await http.post('/api/push/subscriptions', { token: carol.accessToken, json: device.subscription }))
          .status,
      ).toBe(201);
    }
    const kept = (await list(carol)).map((s) => s.endpoint);
    expect(kept).toHaveLength(20);
    expect(kept).toEqual(endpoints.slice(2));
  });
});

describe('web push: only public https endpoints (PUSH_ALLOW_PRIVATE unset)', () => {
  let fake: PushServiceFake;
  let server: TestServer;
  let http: HttpClient;
  let alice: TestUser;

  beforeAll(async () => {
    fake = await startPushServiceFake();
    server = await startServer({ overrides: { push: { resolver, timeoutMs: 1_000, retryBaseMs: 20 } } });
    http = httpClient(server.url);
    alice = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('refuses http:, loopback, private and link-local hosts in every spelling, without connecting', async () => {
    const port = fake.port;
    const refused: [string, string][] = [
      [`http://push.public.test/p`, ko.push.endpointNotHttps],
      [`${fake.origin}/push/x`, ko.push.endpointNotHttps],
      [`https://127.0.0.1:${port}/push/x`, ko.push.endpointNotPublic],
      ['https://127.0.0.1/push/x', ko.push.endpointNotPublic],
      ['https://localhost/push/x', ko.push.endpointNotPublic],
      ['https://push.localhost/push/x', ko.push.endpointNotPublic],
      ['https://[::1]/push/x', ko.push.endpointNotPublic],
      ['https://[::ffff:127.0.0.1]/push/x', ko.push.endpointNotPublic],
      ['https://[::ffff:7f00:1]/push/x', ko.push.endpointNotPublic],
      ['https://2130706433/push/x', ko.push.endpointNotPublic],
      ['https://0x7f.1/push/x', ko.push.endpointNotPublic],
      ['https://017700000001/push/x', ko.push.endpointNotPublic],
      ['https://10.0.0.1/push/x', ko.push.endpointNotPublic],
      ['https://192.168.1.1/push/x', ko.push.endpointNotPublic],
      ['https://169.254.169.254/latest/meta-data', ko.push.endpointNotPublic],
      ['https://[fe80::1]/push/x', ko.push.endpointNotPublic],
      ['https://push.loopback.test/push/x', ko.push.endpointNotPublic],
      ['https://push.rebind.test/push/x', ko.push.endpointNotPublic],
      ['https://push.mapped.test/push/x', ko.push.endpointNotPublic],
      ['https://push.public.test:8443/push/x', ko.push.endpointNotPublic],
      ['https://user:pw@push.public.test/push/x', ko.push.endpointInvalid],
      ['https://push.unknown.test/push/x', ko.push.endpointInvalid],
    ];
    for (const [endpoint, message] of refused) {
      const res = await http.post('/api/push/subscriptions', {
        token: alice.accessToken,
        json: subscription(endpoint),
      });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message, endpoint).toBe(message);
      expect(res.body.details.endpoint).toBe(message);
    }
    expect(fake.connections).toBe(0);
    expect((await http.get('/api/push/subscriptions', { token: alice.accessToken })).body).toEqual([]);
  });

  it('accepts a public https endpoint (checked, not contacted)', async () => {
    const res = await http.post('/api/push/subscriptions', {
      token: alice.accessToken,
      json: subscription('https://push.public.test/send/abc'),
    });
    expect(res.status).toBe(201);
    const removed = await http.delete('/api/push/subscriptions', {
      token: alice.accessToken,
      json: { endpoint: 'https://push.public.test/send/abc' },
    });
    expect(removed.status).toBe(204);
  });

  it('checks again at send time: a stored loopback endpoint is never connected to', async () => {
    const bob = await createUser(server);
    const device = fake.device();
    const [session] = await server.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, alice.id));
    // As a subscription stored while PUSH_ALLOW_PRIVATE was on would look.
    await server.database.db.insert(pushSubscriptions).values([
      {
        userId: alice.id,
        sessionId: session!.id,
        endpoint: device.subscription.endpoint,
        ...device.subscription.keys,
      },
      {
        userId: alice.id,
        sessionId: session!.id,
        endpoint: `https://[::ffff:127.0.0.1]:${fake.port}/push/${device.id}`,
        ...keysOf(),
      },
    ]);
    const t = performance.now();
    const follow = await http.post('/api/follows', {
      token: bob.accessToken,
      json: { followeeId: alice.id, followerId: bob.id },
    });
    expect(follow.status).toBe(201);
    expect(performance.now() - t).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, 800));
    expect(fake.connections).toBe(0);
    // A refusal is not the push service's 404/410: the rows stay (an operator may turn PUSH_ALLOW_PRIVATE back on).
    const rows = await server.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, alice.id));
    expect(rows).toHaveLength(2);
  });
});

describe('web push: delivery', () => {
  let fake: PushServiceFake;
  let server: TestServer;
  let http: HttpClient;
  let alice: TestUser;
  let bob: TestUser;
  let weather: WeatherRow;
  let publicKey: string;

  const subscribe = async (user: TestUser, device: PushDevice) => {
    const res = await http.post('/api/push/subscriptions', {
      token: user.accessToken,
      json: device.subscription,
    });
    expect(res.status).toBe(201);
    return res.body as PushSubscriptionDto;
  };
  const postFeed = async (user: TestUser) => {
    const res = await http.post<FeedDto>('/api/feeds', {
      token: user.accessToken,
      json: { authorId: user.id, weatherId: weather.id, clothesIds: [], content: '오늘의 코디' },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const follow = (follower: TestUser, followee: TestUser) =>
    http.post('/api/follows', {
      token: follower.accessToken,
      json: { followeeId: followee.id, followerId: follower.id },
    });

  beforeAll(async () => {
    fake = await startPushServiceFake();
    server = await startServer({
      env: { PUSH_ALLOW_PRIVATE: 'true' },
      overrides: { push: { resolver, timeoutMs: 1_500, retryBaseMs: 50 } },
    });
    http = httpClient(server.url);
    [alice, bob] = await Promise.all([
      createUser(server, { name: '앨리스' }),
      createUser(server, { name: '밥돌이' }),
    ]);
    weather = await insertWeatherRow(server);
    publicKey = (await http.get('/api/push/public-key', { token: alice.accessToken })).body.publicKey;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('pushes a direct message, a like, a comment and a follow, each encrypted for the device with its url', async () => {
    const device = fake.device();
    await subscribe(alice, device);
    const feed = await postFeed(alice);

    await sendDirectMessage(server.url, bob, alice.id, '안녕, 푸시로 가나요?');
    const dm = await fake.waitFor(
      (p) => p.deviceId === device.id && p.payload.title === ko.messages.notificationTitle,
    );
    expect(dm.payload).toEqual({
      id: expect.any(String),
      title: '새 메시지',
      content: '밥돌이: 안녕, 푸시로 가나요?',
      createdAt: expect.any(String),
      url: `/#/profiles?userId=${bob.id}&chat=1`,
    });
    expect(dm.headers.urgency).toBe('high');
    expect(dm.headers.ttl).toBeGreaterThan(0);
    expect(dm.headers.contentEncoding).toBe('aes128gcm');
    expect(dm.headers.vapidKey).toBe(publicKey);
    expect(dm.claims.aud).toBe(fake.origin);
    expect(dm.claims.sub).toBe('mailto:admin@otboo.test');

    expect((await http.post(`/api/feeds/${feed.id}/like`, { token: bob.accessToken })).status).toBe(204);
    const like = await fake.waitFor(
      (p) => p.deviceId === device.id && p.payload.title === ko.feeds.likedNotificationTitle,
    );
    expect(like.payload.url).toBe(`/#/feeds?feedId=${feed.id}`);
    expect(like.payload.content).toBe(ko.feeds.likedNotificationContent('밥돌이'));
    expect(like.headers.urgency).toBe('normal');

    const comment = await http.post(`/api/feeds/${feed.id}/comments`, {
      token: bob.accessToken,
      json: { feedId: feed.id, authorId: bob.id, content: '멋져요' },
    });
    expect(comment.status).toBe(201);
    const commented = await fake.waitFor(
      (p) => p.deviceId === device.id && p.payload.title === ko.feeds.commentedNotificationTitle,
    );
    expect(commented.payload.url).toBe(`/#/feeds?feedId=${feed.id}`);
    expect(commented.payload.content).toBe(`${ko.feeds.commentedNotificationContent('밥돌이')}\n멋져요`);

    expect((await follow(bob, alice)).status).toBe(201);
    const followed = await fake.waitFor(
      (p) => p.deviceId === device.id && p.payload.title === ko.follows.followedNotificationTitle,
    );
    expect(followed.payload.url).toBe(`/#/profiles?userId=${bob.id}`);

    // What was pushed is what the notification list shows.
    const listed = await http.get('/api/notifications', { token: alice.accessToken, query: { limit: 100 } });
    const ids = (listed.body.data as { id: string }[]).map((n) => n.id);
    for (const p of [dm, like, commented, followed]) expect(ids).toContain(p.payload.id);
    expect(fake.rejected).toEqual([]);
  });

  it('removes a subscription the push service answers 410 for', async () => {
    const carol = await createUser(server);
    const device = fake.device({ responses: [410] });
    await subscribe(carol, device);
    expect((await follow(bob, carol)).status).toBe(201);
    await fake.waitFor((p) => p.deviceId === device.id && p.status === 410);
    await expect
      .poll(async () => (await http.get('/api/push/subscriptions', { token: carol.accessToken })).body, {
        timeout: 5_000,
      })
      .toEqual([]);
  });

  it('tries again after 429 and delivers once the service accepts', async () => {
    const dave = await createUser(server);
    const device = fake.device({ responses: [429, 503] });
    await subscribe(dave, device);
    expect((await follow(bob, dave)).status).toBe(201);
    const delivered = await fake.waitFor((p) => p.deviceId === device.id && p.status === 201);
    expect(delivered.payload.title).toBe(ko.follows.followedNotificationTitle);
    expect(fake.attempts.get(device.id)).toBe(3);
    expect((await http.get('/api/push/subscriptions', { token: dave.accessToken })).body).toHaveLength(1);
  });

  it('gives up after three retries of a service that keeps failing', async () => {
    const erin = await createUser(server);
    const device = fake.device({ responses: [500, 500, 500, 500, 500] });
    await subscribe(erin, device);
    expect((await follow(bob, erin)).status).toBe(201);
    await expect.poll(() => fake.attempts.get(device.id) ?? 0, { timeout: 5_000 }).toBe(4);
    await new Promise((r) => setTimeout(r, 600));
    expect(fake.attempts.get(device.id)).toBe(4);
  });

  it('does not hold up the request while a push service hangs (bounded timeout)', async () => {
    const frank = await createUser(server);
    const hanging = fake.device({ hang: true });
    await subscribe(frank, hanging);
    const t = performance.now();
    const res = await follow(bob, frank);
    expect(res.status).toBe(201);
    expect(performance.now() - t).toBeLessThan(1_000);
    await expect.poll(() => fake.attempts.get(hanging.id) ?? 0, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    // Another user's push still goes out while the first one hangs.
    const gina = await createUser(server);
    const device = fake.device();
    await subscribe(gina, device);
    expect((await follow(bob, gina)).status).toBe(201);
    await fake.waitFor((p) => p.deviceId === device.id);
  });

  it('does not push a kind the user turned off', async () => {
    const hana = await createUser(server);
    const device = fake.device();
    await subscribe(hana, device);
    const settings = await http.patch(`/api/users/${hana.id}/notification-settings`, {
      token: hana.accessToken,
      json: { push: { likes: false } },
    });
    expect(settings.status).toBe(200);
    const feed = await postFeed(hana);
    expect((await http.post(`/api/feeds/${feed.id}/like`, { token: bob.accessToken })).status).toBe(204);
    expect((await follow(bob, hana)).status).toBe(201);
    // The follow came after the like through the same queue: once it is here, the like was skipped.
    await fake.waitFor(
      (p) => p.deviceId === device.id && p.payload.title === ko.follows.followedNotificationTitle,
    );
    const titles = fake.received.filter((p) => p.deviceId === device.id).map((p) => p.payload.title);
    expect(titles).toEqual([ko.follows.followedNotificationTitle]);
    // The like is still in the list and on SSE: only the push is off.
    const listed = await http.get('/api/notifications', { token: hana.accessToken });
    expect((listed.body.data as { title: string }[]).map((n) => n.title)).toContain(
      ko.feeds.likedNotificationTitle,
    );
  });
});

describe('web push: only to devices whose session is live', () => {
  let fake: PushServiceFake;
  let server: TestServer;
  let http: HttpClient;
  let bob: TestUser;

  /** Subscribes a device with the given access token (its session); 201 new to the user, 200 already theirs. */
  const subscribe = async (accessToken: string, device: PushDevice) =>
    (await http.post('/api/push/subscriptions', { token: accessToken, json: device.subscription })).status;
  const endpointsOf = async (accessToken: string) =>
    (await http.get<PushSubscriptionDto[]>('/api/push/subscriptions', { token: accessToken })).body.map(
      (s) => s.endpoint,
    );
  const storedRowsOf = (device: PushDevice) =>
    server.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
  /** The contents of every push a device was sent (decrypted with its own keys). */
  const contentsAt = (device: PushDevice) =>
    fake.received.filter((p) => p.deviceId === device.id).map((p) => p.payload.content);
  /** Bob messages `to`; resolves once each of `devices` has the push of that message. */
  const messageReaching = async (to: TestUser, text: string, ...devices: PushDevice[]) => {
    await sendDirectMessage(server.url, bob, to.id, text);
    await Promise.all(
      devices.map((device) =>
        fake.waitFor((p) => p.deviceId === device.id && p.payload.content === `밥돌이: ${text}`),
      ),
    );
  };
  /** The session a refresh token belongs to. */
  const sessionOf = async (refreshToken: string) => {
    const [token] = await server.database.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
    return token!.sessionId;
  };

  beforeAll(async () => {
    fake = await startPushServiceFake();
    server = await startServer({
      env: { PUSH_ALLOW_PRIVATE: 'true' },
      overrides: { push: { resolver, timeoutMs: 1_500, retryBaseMs: 50 } },
    });
    http = httpClient(server.url);
    bob = await createUser(server, { name: '밥돌이' });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("a password change from another session stops pushes to the ended session's device, not to its own", async () => {
    const carol = await createUser(server);
    const other = await signIn(server, carol.email, carol.password);
    const [phone, laptop] = [fake.device(), fake.device()];
    expect(await subscribe(carol.accessToken, phone)).toBe(201);
    expect(await subscribe(other.jwt.accessToken, laptop)).toBe(201);
    await messageReaching(carol, '바꾸기 전', phone, laptop);

    // Just signed in on the laptop: no current password needed. The phone's session ends.
    const change = await http.patch(`/api/users/${carol.id}/password`, {
      token: other.jwt.accessToken,
      json: { password: 'another1pass' },
    });
    expect(change.status).toBe(204);
    expect((await http.get('/api/push/subscriptions', { token: carol.accessToken })).status).toBe(401);

    await messageReaching(carol, '바꾼 뒤', laptop);
    expect(contentsAt(phone)).toEqual(['밥돌이: 바꾸기 전']);
    expect(fake.attempts.get(phone.id)).toBe(1);
    // The send that skipped the phone also deleted its row; the laptop is the only device listed.
    expect(await storedRowsOf(phone)).toEqual([]);
    expect(await endpointsOf(other.jwt.accessToken)).toEqual([laptop.subscription.endpoint]);
  });

  it("an expired session's device gets nothing while the same user's live session still does", async () => {
    const dana = await createUser(server);
    const other = await signIn(server, dana.email, dana.password);
    const [phone, laptop] = [fake.device(), fake.device()];
    expect(await subscribe(dana.accessToken, phone)).toBe(201);
    expect(await subscribe(other.jwt.accessToken, laptop)).toBe(201);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.id, await sessionOf(dana.refreshToken)));

    await messageReaching(dana, '만료 뒤', laptop);
    expect(contentsAt(phone)).toEqual([]);
    expect(fake.attempts.get(phone.id)).toBeUndefined();
    expect(await storedRowsOf(phone)).toEqual([]);
  });

  it("an administrator's lock ends every device; after unlocking, only a device of a new session is pushed", async () => {
    const admin = await signInAsAdmin(server);
    const erin = await createUser(server);
    const phone = fake.device();
    expect(await subscribe(erin.accessToken, phone)).toBe(201);
    await messageReaching(erin, '잠기기 전', phone);

    const lock = (locked: boolean) =>
      http.patch(`/api/users/${erin.id}/lock`, { token: admin.accessToken, json: { locked } });
    expect((await lock(true)).status).toBe(200);
    expect((await lock(false)).status).toBe(200);
    // Signed in again (a new session), but not on the phone: a message is not pushed there, and its send
    // deletes the phone's row.
    const again = await signIn(server, erin.email, erin.password);
    await sendDirectMessage(server.url, bob, erin.id, '다시 로그인');
    await expect.poll(async () => (await storedRowsOf(phone)).length, { timeout: 5_000 }).toBe(0);
    expect(await endpointsOf(again.jwt.accessToken)).toEqual([]);

    const tablet = fake.device();
    expect(await subscribe(again.jwt.accessToken, tablet)).toBe(201);
    await messageReaching(erin, '새 기기', tablet);
    expect(contentsAt(phone)).toEqual(['밥돌이: 잠기기 전']);
    expect(fake.attempts.get(phone.id)).toBe(1);
  });

  it('subscribing a device again from a new session moves it there: the old session ending does not stop it', async () => {
    const fay = await createUser(server);
    const device = fake.device();
    expect(await subscribe(fay.accessToken, device)).toBe(201);
    const next = await signIn(server, fay.email, fay.password);
    expect(await subscribe(next.jwt.accessToken, device)).toBe(200);
    const [row] = await storedRowsOf(device);
    expect(row!.sessionId).toBe(await sessionOf(next.refreshToken));
    // The first session ends by a refresh-token reuse: used once, then again after the grace window.
    expect((await refresh(server, fay.refreshToken)).status).toBe(200);
    await server.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 11_000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(fay.refreshToken)));
    expect((await refresh(server, fay.refreshToken)).status).toBe(401);
    await messageReaching(fay, '옮긴 뒤', device);
  });

  it("a device another user subscribes again gets only that user's pushes", async () => {
    const [gina, hugo] = await Promise.all([createUser(server), createUser(server)]);
    const [shared, ginasOwn] = [fake.device(), fake.device()];
    expect(await subscribe(gina.accessToken, shared)).toBe(201);
    expect(await subscribe(gina.accessToken, ginasOwn)).toBe(201);
    // Hugo signs in on the same browser: the browser hands the app the same subscription (keys included).
    expect(await subscribe(hugo.accessToken, shared)).toBe(201);
    expect(await endpointsOf(gina.accessToken)).toEqual([ginasOwn.subscription.endpoint]);

    await messageReaching(gina, '지나에게', ginasOwn);
    await messageReaching(hugo, '휴고에게', shared);
    expect(contentsAt(shared)).toEqual(['밥돌이: 휴고에게']);
  });
});

describe('web push: the VAPID key is kept like the JWT secret', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('is generated once and the same after a restart on the same database', async () => {
    const keyOf = async () => {
      const server = await startServer({ database });
      try {
        const user = await createUser(server);
        return (await httpClient(server.url).get('/api/push/public-key', { token: user.accessToken })).body
          .publicKey as string;
      } finally {
        await server.close();
      }
    };
    const first = await keyOf();
    expect(await keyOf()).toBe(first);
  });

  it('comes from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when configured', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const scalar = ecdh.getPrivateKey();
    const env = {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
      // A private scalar is 32 bytes, leading zeros included.
      VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url'),
    };
    const server = await startServer({ env });
    try {
      const user = await createUser(server);
      const res = await httpClient(server.url).get('/api/push/public-key', { token: user.accessToken });
      expect(res.body.publicKey).toBe(env.VAPID_PUBLIC_KEY);
    } finally {
      await server.close();
    }
    expect(() => loadConfig(testEnv('/tmp/unused', { VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY }))).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig(testEnv('/tmp/unused', { VAPID_SUBJECT: 'admin@example.com' }))).toThrow(
      /VAPID_SUBJECT/,
    );
  });
});
