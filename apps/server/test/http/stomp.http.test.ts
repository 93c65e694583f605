import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ko } from '@otboo/contract';
import { asBrowser } from '../support/auth.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';
import {
  connectStompJs,
  directMessageTopic,
  DM_SEND_DESTINATION,
  openRawStomp,
  type StompJsTransport,
} from '../support/stomp-client.js';
import { createAccessTokens } from '../../src/domains/auth/tokens.js';

/** STOMP over SockJS and raw WebSocket at /ws: auth, topic authorisation, the echo, limits and bad input. */
describe('STOMP at /ws', () => {
  let server: TestServer;
  let http: HttpClient;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let topic: string;

  beforeAll(async () => {
    // A short server heart-beat: stompjs (4000,4000) still negotiates 4000; raw clients can ask for less.
    server = await startServer({
      env: { ALLOWED_ORIGINS: 'https://partner.example.com' },
      overrides: { realtime: { stomp: { heartbeatMs: 500, connectTimeoutMs: 1500 } } },
    });
    http = httpClient(server.url);
    [alice, bob, carol] = await Promise.all([createUser(server), createUser(server), createUser(server)]);
    topic = directMessageTopic(alice.id, bob.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('CONNECT', () => {
    it('refuses a CONNECT without a token, with a bad, forged or expired one, and of an ended session: ERROR, then close', async () => {
      const expired = await createAccessTokens(server.config.jwtSecret!, -1000).sign({
        userId: alice.id,
        sessionId: alice.dto.id,
        role: 'USER',
      });
      const forged = await createAccessTokens('someone-elses-secret-0123456789abcdef', 60_000).sign({
        userId: alice.id,
        sessionId: alice.dto.id,
        role: 'ADMIN',
      });
      for (const token of [
        undefined,
        'not-a-jwt',
        `${alice.accessToken.slice(0, -4)}AAAA`,
        expired,
        forged,
      ]) {
        const stomp = await openRawStomp(server.url);
        const answer = await stomp.connect(token);
        expect(answer.command).toBe('ERROR');
        expect(answer.headers.message).toMatch(/로그인/);
        await stomp.closed;
      }
      // A token of a signed-out session (refresh token revoked → session revoked).
      const gone = await createUser(server);
      const out = await http.post('/api/auth/sign-out', asBrowser(gone.refreshToken));
      expect(out.status).toBe(204);
      const stomp = await openRawStomp(server.url);
      expect((await stomp.connect(gone.accessToken)).command).toBe('ERROR');
      await stomp.closed;
    });

    it("answers CONNECTED with version 1.2 and the server's heart-beat", async () => {
      const stomp = await openRawStomp(server.url);
      const connected = await stomp.connect(alice.accessToken, {
        'heart-beat': '4000,4000',
        'accept-version': '1.2',
      });
      expect(connected.command).toBe('CONNECTED');
      expect(connected.headers).toMatchObject({
        version: '1.2',
        'heart-beat': '500,500',
        'user-name': alice.id,
      });
      stomp.close();
    });

    it('sends heart-beats and closes a peer that stops sending its own', async () => {
      const stomp = await openRawStomp(server.url);
      const started = Date.now();
      await stomp.connect(alice.accessToken, { 'heart-beat': '500,500' });
      // A live peer: beats for a while, and the server beats back.
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 300));
        stomp.sendRaw('\n');
      }
      expect(stomp.isClosed).toBe(false);
      expect(stomp.received.filter((t) => t === '\n').length).toBeGreaterThanOrEqual(1);
      // Then silence: closed after about twice the interval, with an ERROR first.
      const { code } = await stomp.closed;
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(code).toBe(1000);
      expect(stomp.frames.at(-1)!.headers.message).toBe('하트비트가 없어 연결을 종료합니다.');
    });

    it('closes a socket that never sends CONNECT', async () => {
      const stomp = await openRawStomp(server.url);
      await stomp.closed;
      expect(stomp.frames.at(-1)?.command).toBe('ERROR');
    });
  });

  describe.each<StompJsTransport>(['websocket', 'sockjs-websocket', 'xhr-streaming', 'xhr-polling'])(
    'through @stomp/stompjs over %s',
    (transport) => {
      it('delivers a message to both participants (the sender through the echo) and notifies the receiver', async () => {
        const a = await connectStompJs(server.url, alice.accessToken, transport);
        const b = await connectStompJs(server.url, bob.accessToken, transport);
        try {
          const aInbox = await a.subscribe(topic);
          const bInbox = await b.subscribe(topic);
          const content = `안녕하세요 ${transport} 🙂`;
          await a.publish(
            DM_SEND_DESTINATION,
            JSON.stringify({ senderId: alice.id, receiverId: bob.id, content }),
          );
          const [fromA] = await aInbox.waitFor(1);
          const [toB] = await bInbox.waitFor(1);
          expect(fromA).toEqual(toB);
          expect(toB).toMatchObject({
            content,
            sender: { userId: alice.id, name: alice.name, profileImageUrl: null },
            receiver: { userId: bob.id, name: bob.name, profileImageUrl: null },
          });
          expect(toB.id).toMatch(/^[0-9a-f-]{36}$/);
          expect(new Date(toB.createdAt).toISOString()).toBe(toB.createdAt);
          expect(aInbox.messages[0]!.headers['content-type']).toBe('application/json');

          const notes = await http.get('/api/notifications', { token: bob.accessToken });
          expect(notes.body.data[0]).toMatchObject({
            receiverId: bob.id,
            title: '새 메시지',
            content: `${alice.name}: ${content}`,
            level: 'INFO',
          });
          const history = await http.get('/api/direct-messages', {
            token: alice.accessToken,
            query: { userId: bob.id },
          });
          expect(history.body.data[0]).toEqual(toB);
        } finally {
          await a.close();
          await b.close();
        }
      });
    },
  );

  describe('topic authorisation', () => {
    it("refuses a subscription to someone else's conversation with ERROR and delivers nothing there", async () => {
      const c = await openRawStomp(server.url);
      await c.connect(carol.accessToken);
      c.send('SUBSCRIBE', { id: '0', destination: topic, receipt: 'r' });
      const error = await c.waitFor((f) => f.command === 'ERROR');
      expect(error.headers.message).toBe('이 대화를 구독할 권한이 없습니다.');
      await c.closed;

      // The same through stompjs over SockJS: the client sees the ERROR.
      const viaSockJs = await connectStompJs(server.url, carol.accessToken, 'sockjs-websocket');
      await viaSockJs.subscribe(topic).catch(() => {});
      expect((await viaSockJs.waitForError()).headers.message).toBe('이 대화를 구독할 권한이 없습니다.');
      await viaSockJs.close();
    });

    it('refuses destinations that are not conversation topics, and unordered pairs', async () => {
      for (const destination of [
        '/sub/other',
        `/sub/direct-messages_${bob.id}_${alice.id}`.replace(/_([^_]+)_([^_]+)$/, (_m, x, y) =>
          x < y ? `_${y}_${x}` : `_${x}_${y}`,
        ),
        '/pub/direct-messages_send',
        '',
      ]) {
        const stomp = await openRawStomp(server.url);
        await stomp.connect(alice.accessToken);
        stomp.send('SUBSCRIBE', { id: '0', destination });
        expect((await stomp.waitFor((f) => f.command === 'ERROR')).command).toBe('ERROR');
        await stomp.closed;
      }
    });
  });

  describe('SEND', () => {
    async function sendAs(user: TestUser, body: string, destination = DM_SEND_DESTINATION) {
      const stomp = await openRawStomp(server.url);
      await stomp.connect(user.accessToken);
      stomp.send('SEND', { destination, receipt: 'r' }, body);
      const answer = await stomp.waitFor((f) => f.command === 'RECEIPT' || f.command === 'ERROR');
      if (answer.command === 'ERROR') await stomp.closed;
      else stomp.close();
      return answer;
    }

    it('refuses a forged senderId, a message to oneself, to an unknown user, and bad content — storing nothing', async () => {
      const watcher = await openRawStomp(server.url);
      await watcher.connect(bob.accessToken);
      watcher.send('SUBSCRIBE', { id: '0', destination: topic, receipt: 's' });
      await watcher.waitFor((f) => f.command === 'RECEIPT');
      const before = (
        await http.get('/api/direct-messages', { token: bob.accessToken, query: { userId: alice.id } })
      ).body.totalCount;

      const cases: [string, unknown, RegExp][] = [
        ['forged sender', { senderId: bob.id, receiverId: alice.id, content: 'hi' }, /본인 계정/],
        ['self', { senderId: alice.id, receiverId: alice.id, content: 'hi' }, /자기 자신/],
        [
          'unknown receiver',
          { senderId: alice.id, receiverId: '00000000-0000-4000-8000-000000000000', content: 'hi' },
          /찾을 수 없/,
        ],
        ['blank', { senderId: alice.id, receiverId: bob.id, content: '   ' }, /메시지를 입력/],
        ['too long', { senderId: alice.id, receiverId: bob.id, content: 'x'.repeat(1001) }, /1000자/],
        ['wrong types', { senderId: 1, receiverId: null, content: ['x'] }, /./],
        ['missing fields', {}, /./],
      ];
      for (const [name, body, message] of cases) {
        const answer = await sendAs(alice, JSON.stringify(body));
        expect(answer.command, name).toBe('ERROR');
        expect(answer.headers.message, name).toMatch(message);
        expect(answer.headers['receipt-id'], name).toBe('r');
        expect(JSON.parse(answer.body.toString()), name).toMatchObject({
          exceptionName: expect.any(String),
          details: expect.any(Object),
        });
      }
      expect((await sendAs(alice, 'not json')).headers.message).toBe('메시지 본문이 올바른 JSON이 아닙니다.');
      expect((await sendAs(alice, '{}', '/pub/elsewhere')).headers.message).toBe(
        '존재하지 않는 목적지입니다.',
      );

      const after = (
        await http.get('/api/direct-messages', { token: bob.accessToken, query: { userId: alice.id } })
      ).body.totalCount;
      expect(after).toBe(before);
      await new Promise((r) => setTimeout(r, 100));
      expect(watcher.frames.filter((f) => f.command === 'MESSAGE')).toHaveLength(0);
      watcher.close();
    });

    it('trims content and keeps 1000 characters of Korean and NUL-free JSON intact', async () => {
      const content = '가'.repeat(1000);
      const answer = await sendAs(
        alice,
        JSON.stringify({ senderId: alice.id, receiverId: carol.id, content: `  ${content}  ` }),
      );
      expect(answer.command).toBe('RECEIPT');
      const page = await http.get('/api/direct-messages', {
        token: carol.accessToken,
        query: { userId: alice.id, limit: 1 },
      });
      expect(page.body.data[0].content).toBe(content);
    });
  });

  describe('limits and garbage', () => {
    it('answers a 1 MB frame with ERROR and closes; a bigger WebSocket message is cut by the transport', async () => {
      const stomp = await openRawStomp(server.url);
      await stomp.connect(alice.accessToken);
      stomp.send('SEND', { destination: DM_SEND_DESTINATION }, 'x'.repeat(1_000_000));
      expect((await stomp.waitFor((f) => f.command === 'ERROR')).headers.message).toBe(
        '프레임이 너무 큽니다.',
      );
      await stomp.closed;

      const huge = await openRawStomp(server.url);
      await huge.connect(alice.accessToken);
      huge.sendRaw(Buffer.alloc(4 * 1024 * 1024, 0x41));
      expect((await huge.closed).code).toBe(1009);
    });

    it('refuses 10,000 subscriptions on one connection after the limit', async () => {
      const stomp = await openRawStomp(server.url);
      await stomp.connect(alice.accessToken);
      const { encodeFrame } = await import('../../src/realtime/stomp/frame.js');
      // In WebSocket messages of 500 frames each, as a client pipelining them would.
      for (let batch = 0; batch < 20; batch++) {
        let burst = '';
        for (let i = batch * 500; i < (batch + 1) * 500; i++)
          burst += encodeFrame({ command: 'SUBSCRIBE', headers: { id: `s${i}`, destination: topic } });
        if (stomp.isClosed) break;
        stomp.sendRaw(burst);
      }
      expect((await stomp.waitFor((f) => f.command === 'ERROR')).headers.message).toBe(
        '구독이 너무 많습니다.',
      );
      await stomp.closed;
    });

    it('answers garbage bytes with ERROR and closes, and stays up for others', async () => {
      const stomp = await openRawStomp(server.url);
      stomp.sendRaw(Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x0a, 0x0a, 0x00]));
      expect((await stomp.waitFor((f) => f.command === 'ERROR')).headers.message).toBe(
        '프레임 형식이 올바르지 않습니다.',
      );
      await stomp.closed;
      const ok = await openRawStomp(server.url);
      expect((await ok.connect(alice.accessToken)).command).toBe('CONNECTED');
      ok.close();
    });

    it('leaks nothing: closed connections of every transport leave the broker with their subscriptions and timers', async () => {
      const clients = await Promise.all(
        (['websocket', 'sockjs-websocket', 'xhr-streaming', 'xhr-polling'] as const).map((t) =>
          connectStompJs(server.url, alice.accessToken, t),
        ),
      );
      for (const c of clients) await c.subscribe(topic);
      const raw = await openRawStomp(server.url);
      await raw.connect(alice.accessToken, { 'heart-beat': '4000,4000' });
      expect(server.app.realtimeStats().stomp).toMatchObject({ connections: 5, subscriptions: 4 });
      raw.ws.terminate();
      await Promise.all(clients.map((c) => c.close()));
      await expect
        .poll(() => server.app.realtimeStats().stomp, { timeout: 10_000 })
        .toEqual({ connections: 0, subscriptions: 0, destinations: 0, timers: 0 });
    });
  });

  describe('transports on one port', () => {
    it('serves SockJS info and welcome beside Fastify routes, and 404 JSON for unknown /api paths', async () => {
      const info = await fetch(`${server.url}/ws/info`);
      expect(info.status).toBe(200);
      expect(await info.json()).toMatchObject({ websocket: true });
      expect(await (await fetch(`${server.url}/ws`)).text()).toBe('Welcome to SockJS!\n');
      const api = await fetch(`${server.url}/api/nothing-here`);
      expect(api.status).toBe(404);
      expect(await api.json()).toMatchObject({ exceptionName: 'NotFoundException' });
    });

    it('speaks raw STOMP at /ws (ws) and at /ws/websocket (SockJS raw), SockJS framing at /ws/{server}/{session}/websocket', async () => {
      for (const path of ['/ws', '/ws/', '/ws/websocket']) {
        const stomp = await openRawStomp(server.url, path);
        expect((await stomp.connect(alice.accessToken)).command, path).toBe('CONNECTED');
        stomp.close();
      }
      const framed = new WebSocket(`${server.url.replace('http', 'ws')}/ws/123/abcdefgh/websocket`);
      const first = await new Promise<string>((resolve, reject) => {
        framed.once('message', (d) => resolve(d.toString()));
        framed.once('error', reject);
      });
      expect(first).toBe('o');
      framed.close();
    });

    it('refuses WebSocket upgrades elsewhere at once, and the SockJS iframe page', async () => {
      const status = await new Promise<string>((resolve) => {
        const socket = createConnection({ host: '127.0.0.1', port: Number(new URL(server.url).port) }, () => {
          socket.write(
            'GET /api/sse HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
          );
        });
        socket.once('data', (d) => {
          resolve(d.toString().split('\r\n')[0]!);
          socket.destroy();
        });
      });
      expect(status).toBe('HTTP/1.1 404 Not Found');
      expect((await fetch(`${server.url}/ws/iframe.html`)).status).toBe(404);
    });

    it('caps SockJS send bodies', async () => {
      const res = await fetch(`${server.url}/ws/000/session1/xhr_send`, {
        method: 'POST',
        body: 'x'.repeat(2 * 1024 * 1024),
      });
      expect(res.status).toBe(413);
      const slash = await fetch(`${server.url}/ws/000/session1/xhr_send/`, {
        method: 'POST',
        body: 'x'.repeat(2 * 1024 * 1024),
      });
      expect(slash.status).toBe(413);
    });

    it('serves no JSONP or htmlfile transport', async () => {
      // A live session (opened over xhr), so that only the guard can answer 404 to jsonp_send.
      const opened = await fetch(`${server.url}/ws/000/jsonplive/xhr`, { method: 'POST' });
      expect(await opened.text()).toBe('o\n');
      const paths: [string, string][] = [
        ['GET', '/ws/000/jsonp1/jsonp?c=callback'],
        ['GET', '/ws/000/jsonp2/jsonp/?c=callback'],
        ['POST', '/ws/000/jsonplive/jsonp_send'],
        ['POST', '/ws/000/jsonplive/jsonp_send/'],
        ['GET', '/ws/000/html1/htmlfile?c=callback'],
      ];
      for (const [method, path] of paths) {
        const res = await fetch(`${server.url}${path}`, {
          method,
          ...(method === 'POST'
            ? { body: 'd=%5B%22x%22%5D', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
            : {}),
        });
        expect(res.status, path).toBe(404);
        expect(await res.text(), path).not.toMatch(/callback/);
      }
      // The transports we keep still answer.
      const sent = await fetch(`${server.url}/ws/000/jsonplive/xhr_send`, { method: 'POST', body: '["x"]' });
      expect(sent.status).toBe(204);
    });
  });

  describe('Origin of browser pages', () => {
    const evil = 'https://evil.example';
    const upgrade = (path: string, origin?: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}${path}`, origin ? { origin } : {});
        ws.once('open', () => {
          ws.close();
          resolve(101);
        });
        ws.once('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.once('error', reject);
      });

    it('refuses a WebSocket handshake from a foreign page, raw and SockJS, and lets our own origins through', async () => {
      for (const path of ['/ws', '/ws/websocket', '/ws/123/abcdefgh/websocket']) {
        expect(await upgrade(path, evil), path).toBe(403);
        expect(await upgrade(path, 'null'), path).toBe(403);
        expect(await upgrade(path, server.url), path).toBe(101);
        expect(await upgrade(path, 'https://partner.example.com'), path).toBe(101);
        expect(await upgrade(path), path).toBe(101);
      }
      // A page of ours speaks STOMP as usual.
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { origin: server.url });
      await new Promise((r) => ws.once('open', r));
      ws.send(`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${alice.accessToken}\n\n\0`);
      const first = await new Promise<string>((r) => ws.once('message', (d) => r(d.toString())));
      expect(first.startsWith('CONNECTED\n')).toBe(true);
      ws.close();
    });

    it('refuses SockJS HTTP transports to a foreign page (403, Korean) and no longer echoes its Origin', async () => {
      for (const [method, path] of [
        ['GET', '/ws/info'],
        ['POST', '/ws/000/origin1/xhr'],
        ['POST', '/ws/000/origin1/xhr_streaming'],
        ['POST', '/ws/000/origin1/xhr_send'],
        ['OPTIONS', '/ws/000/origin1/xhr'],
        ['GET', '/ws/000/origin1/eventsource'],
      ] as const) {
        const res = await fetch(`${server.url}${path}`, { method, headers: { origin: evil } });
        expect(res.status, path).toBe(403);
        expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
        expect(await res.json(), path).toEqual({
          exceptionName: 'ForbiddenException',
          message: ko.realtime.originForbidden,
          details: {},
        });
      }
      // Our own page (and a client without Origin) is served, without CORS headers: it needs none.
      for (const headers of [{ origin: server.url }, {}] as Record<string, string>[]) {
        const info = await fetch(`${server.url}/ws/info`, { headers });
        expect(info.status).toBe(200);
        expect(info.headers.get('access-control-allow-origin')).toBeNull();
        expect(info.headers.get('access-control-allow-credentials')).toBeNull();
      }
    });
  });
});
