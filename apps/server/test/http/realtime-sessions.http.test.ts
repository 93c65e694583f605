import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import { asBrowser } from '../support/auth.js';
import { createUser, signIn, signInAsAdmin, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { openSse, type SseConnection } from '../support/sse-client.js';
import { startServer, type TestServer } from '../support/start-server.js';
import {
  connectStompJs,
  directMessageTopic,
  openDmSender,
  openRawStomp,
  type RawStompClient,
  type StompJsSession,
} from '../support/stomp-client.js';

/** Fails instead of hanging when something that should happen soon does not. */
function within<T>(promise: Promise<T>, what: string, ms = 3_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms)),
  ]);
}

/** One signed-in device with everything the web app keeps open: STOMP (raw and SockJS) subscribed to a topic, and SSE. */
interface Device {
  raw: RawStompClient;
  sockJs: StompJsSession;
  sockJsClosed: Promise<void>;
  sse: SseConnection;
  close(): Promise<void>;
}

async function openDevice(
  server: TestServer,
  user: { id: string },
  accessToken: string,
  partnerId: string,
): Promise<Device> {
  const raw = await openRawStomp(server.url);
  expect((await raw.connect(accessToken)).command).toBe('CONNECTED');
  raw.send('SUBSCRIBE', {
    id: 'dm',
    destination: directMessageTopic(user.id, partnerId),
    receipt: 'subscribed',
  });
  await raw.waitFor((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === 'subscribed');
  const sockJs = await connectStompJs(server.url, accessToken, 'sockjs-websocket');
  const sockJsClosed = new Promise<void>((resolve) => {
    sockJs.client.onWebSocketClose = () => resolve();
  });
  await sockJs.subscribe(directMessageTopic(user.id, partnerId));
  const sse = await openSse(server.url, { token: accessToken });
  expect(sse.status).toBe(200);
  await sse.waitForComments(1);
  return {
    raw,
    sockJs,
    sockJsClosed,
    sse,
    async close() {
      raw.close();
      sse.close();
      await sockJs.close();
    },
  };
}

/** Every connection of the device got the session-ended ERROR (STOMP) or its end (SSE), and closed. */
async function expectEnded(device: Device): Promise<void> {
  const error = await within(
    device.raw.waitFor((f) => f.command === 'ERROR'),
    'raw STOMP ERROR',
  );
  expect(error.headers.message).toBe(ko.realtime.sessionEnded);
  expect(error.body.toString('utf8')).toBe(ko.realtime.sessionEnded);
  await within(device.raw.closed, 'raw STOMP socket closed');
  const sockJsError = await within(device.sockJs.waitForError(), 'SockJS STOMP ERROR');
  expect(sockJsError.headers.message).toBe(ko.realtime.sessionEnded);
  await within(device.sockJsClosed, 'SockJS socket closed');
  await within(device.sse.ended, 'SSE stream ended');
}

/** The device still hears its conversation and its notifications. */
async function expectLive(
  server: TestServer,
  device: Device,
  receiverId: string,
  sender: TestUser,
  content: string,
): Promise<void> {
  const before = device.sse.events.length;
  const dm = await openDmSender(server.url, sender);
  await dm.send(receiverId, content);
  dm.close();
  const message = await within(
    device.raw.waitFor((f) => f.command === 'MESSAGE' && f.body.toString('utf8').includes(content)),
    'MESSAGE on the raw connection',
  );
  expect(JSON.parse(message.body.toString('utf8'))).toMatchObject({ content });
  await device.sse.waitForEvents(before + 1);
  expect(device.raw.isClosed).toBe(false);
  expect(device.sockJs.client.connected).toBe(true);
  expect(device.sockJs.errors).toEqual([]);
}

describe('live connections end with their session', () => {
  let server: TestServer;
  let http: HttpClient;
  let admin: TestUser;
  let partner: TestUser;

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [admin, partner] = await Promise.all([signInAsAdmin(server), createUser(server)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lock: every connection of the user gets ERROR and closes, the SSE stream ends; others stay connected', async () => {
    const carol = await createUser(server);
    const bystander = await createUser(server);
    const carols = await openDevice(server, carol, carol.accessToken, partner.id);
    const other = await openDevice(server, bystander, bystander.accessToken, partner.id);

    const lock = await http.patch(`/api/users/${carol.id}/lock`, {
      token: admin.accessToken,
      json: { locked: true },
    });
    expect(lock.status).toBe(200);

    await expectEnded(carols);
    // Reconnecting with the same token is refused.
    expect((await openSse(server.url, { token: carol.accessToken })).status).toBe(401);
    await expectLive(server, other, bystander.id, partner, '잠금과 무관');
    await other.close();
    await carols.close();
  });

  it('sign-out ends that session only: another session of the same user stays connected', async () => {
    const dana = await createUser(server);
    const second = await signIn(server, dana.email, dana.password);
    const first = await openDevice(server, dana, dana.accessToken, partner.id);
    const other = await openDevice(server, dana, second.jwt.accessToken, partner.id);

    const out = await http.post('/api/auth/sign-out', asBrowser(dana.refreshToken));
    expect(out.status).toBe(204);

    await expectEnded(first);
    await expectLive(server, other, dana.id, partner, '다른 기기는 그대로');
    await other.close();
    await first.close();
  });

  it('password change ends the other sessions and keeps the one that changed it', async () => {
    const erin = await createUser(server);
    const second = await signIn(server, erin.email, erin.password);
    const changer = await openDevice(server, erin, erin.accessToken, partner.id);
    const other = await openDevice(server, erin, second.jwt.accessToken, partner.id);

    const change = await http.patch(`/api/users/${erin.id}/password`, {
      token: erin.accessToken,
      json: { password: 'n3wPassw0rd!' },
    });
    expect(change.status).toBe(204);

    await expectEnded(other);
    await expectLive(server, changer, erin.id, partner, '바꾼 기기는 그대로');
    await changer.close();
    await other.close();
  });

  it('role change ends every connection of the user', async () => {
    const fred = await createUser(server);
    const device = await openDevice(server, fred, fred.accessToken, partner.id);
    const change = await http.patch(`/api/users/${fred.id}/role`, {
      token: admin.accessToken,
      json: { role: 'ADMIN' },
    });
    expect(change.status).toBe(200);
    await expectEnded(device);
    await device.close();
  });

  it('an eviction that changes nothing (unlocking someone) leaves connections open', async () => {
    const gina = await createUser(server);
    const device = await openDevice(server, gina, gina.accessToken, partner.id);
    const unlock = await http.patch(`/api/users/${gina.id}/lock`, {
      token: admin.accessToken,
      json: { locked: false },
    });
    expect(unlock.status).toBe(200);
    // Time for the re-check the eviction started (it reads the session and finds it live).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expectLive(server, device, gina.id, partner, '잠금 해제는 그대로');
    await device.close();
  });
});
