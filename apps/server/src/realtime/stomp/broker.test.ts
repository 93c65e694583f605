import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { ko } from '@otboo/contract';
import type { Actor } from '../../lib/actor.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import {
  createStompBroker,
  type BrokerOptions,
  type DestinationPolicy,
  type StompConnection,
} from './broker.js';
import { encodeFrame, FrameParser, type StompFrame } from './frame.js';

const noop = () => {};
const silentLog = {
  debug: noop,
  info: noop,
  warn: noop,
  error: noop,
  fatal: noop,
  trace: noop,
  child: () => silentLog,
  level: 'silent',
} as unknown as FastifyBaseLogger;

const ALICE: Actor = { userId: 'alice', role: 'USER', sessionId: 's1' };
const BOB: Actor = { userId: 'bob', role: 'USER', sessionId: 's2' };
const TOKENS: Record<string, Actor> = { 'token-alice': ALICE, 'token-bob': BOB };

/** A fake transport that parses what the broker sends back. */
class FakeClient {
  frames: StompFrame[] = [];
  raw = '';
  closed = false;
  buffered = 0;
  connection!: StompConnection;
  private parser = new FrameParser({
    maxFrameBytes: 1 << 20,
    maxHeaders: 100,
    onFrame: (f) => this.frames.push(f),
    onError: () => {},
  });

  transport = {
    send: (data: string) => {
      this.raw += data;
      this.parser.push(Buffer.from(data));
    },
    close: () => {
      this.closed = true;
      this.connection.closed();
    },
    bufferedBytes: () => this.buffered,
  };

  send(command: string, headers: Record<string, string> = {}, body?: string) {
    this.connection.receive(encodeFrame({ command, headers, body }));
  }
  /** CONNECT as a STOMP 1.2 client with a Bearer token, offering `heartBeat` ('cx,cy'). */
  connect(heartBeat: string, token = 'token-alice') {
    this.send('CONNECT', {
      'accept-version': '1.2',
      Authorization: `Bearer ${token}`,
      'heart-beat': heartBeat,
    });
  }
  last(command?: string) {
    const list = command ? this.frames.filter((f) => f.command === command) : this.frames;
    return list[list.length - 1];
  }
}

interface Sent {
  actor: Actor;
  destination: string;
  body: string;
}

function setup(options: Partial<BrokerOptions> = {}, admit?: (actor: Actor) => Promise<boolean>) {
  const sent: Sent[] = [];
  const policy: DestinationPolicy = {
    authorizeSubscribe(actor, destination) {
      if (!destination.startsWith('/sub/')) return 'unknown destination';
      return destination.includes(actor.userId) ? null : 'forbidden';
    },
    async handleSend(actor, destination, body) {
      if (body === 'boom') throw badRequest('나쁜 요청', { content: 'bad' });
      if (body === 'crash') throw new Error('unexpected');
      await new Promise((r) => setTimeout(r, 5));
      sent.push({ actor, destination, body });
    },
  };
  const broker = createStompBroker({
    authenticate: async (token) => {
      const actor = TOKENS[token];
      if (!actor) throw unauthorized('로그인이 만료되었습니다.');
      return actor;
    },
    policy,
    log: silentLog,
    options,
    ...(admit ? { admit } : {}),
  });
  const open = () => {
    const client = new FakeClient();
    client.connection = broker.open(client.transport);
    return client;
  };
  const connected = async (token = 'token-alice', heartBeat = '0,0') => {
    const client = open();
    client.connect(heartBeat, token);
    await vi.waitFor(() => expect(client.last()).toBeDefined());
    return client;
  };
  return { broker, sent, open, connected };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('STOMP broker: CONNECT', () => {
  it('answers CONNECTED with the version and negotiated heart-beat', async () => {
    const { connected, broker } = setup({ heartbeatMs: 4000 });
    const client = await connected('token-alice', '4000,4000');
    expect(client.last()!.command).toBe('CONNECTED');
    expect(client.last()!.headers).toMatchObject({
      version: '1.2',
      'heart-beat': '4000,4000',
      'user-name': 'alice',
    });
    expect(broker.stats().connections).toBe(1);
    broker.close();
  });

  it('picks the highest common version and accepts STOMP as the command', async () => {
    const { open, broker } = setup();
    const client = open();
    client.send('STOMP', { 'accept-version': '1.0,1.1', authorization: 'Bearer token-bob' });
    await vi.waitFor(() => expect(client.last()?.headers.version).toBe('1.1'));
    broker.close();
  });

  it.each([
    ['no token', {}],
    ['not a bearer', { Authorization: 'Basic abc' }],
    ['a forged token', { Authorization: 'Bearer forged' }],
  ])('refuses %s with ERROR and closes', async (_name, headers) => {
    const { open, broker } = setup();
    const client = open();
    client.send('CONNECT', { 'accept-version': '1.2', ...headers });
    await vi.waitFor(() => expect(client.closed).toBe(true));
    expect(client.last()!.command).toBe('ERROR');
    expect(client.last()!.headers.message).toBeTruthy();
    expect(broker.stats()).toMatchObject({ connections: 0, timers: 0 });
  });

  it('refuses an unsupported version, listing the supported ones', async () => {
    const { open } = setup();
    const client = open();
    client.send('CONNECT', { 'accept-version': '2.0', Authorization: 'Bearer token-alice' });
    await vi.waitFor(() => expect(client.closed).toBe(true));
    expect(client.last()!.headers.version).toBe('1.2,1.1,1.0');
  });

  it('refuses frames before CONNECT and a second CONNECT', async () => {
    const { open, connected } = setup();
    const early = open();
    early.send('SUBSCRIBE', { id: '0', destination: '/sub/alice' });
    expect(early.last()!.command).toBe('ERROR');
    expect(early.closed).toBe(true);
    const twice = await connected();
    twice.send('CONNECT', { 'accept-version': '1.2', Authorization: 'Bearer token-alice' });
    await vi.waitFor(() => expect(twice.last()!.command).toBe('ERROR'));
  });

  it('processes frames pipelined behind CONNECT in order', async () => {
    const { open, sent, broker } = setup();
    const client = open();
    client.connection.receive(
      encodeFrame({
        command: 'CONNECT',
        headers: { 'accept-version': '1.2', Authorization: 'Bearer token-alice' },
      }) +
        encodeFrame({
          command: 'SUBSCRIBE',
          headers: { id: 'a', destination: '/sub/alice', receipt: 'r1' },
        }) +
        encodeFrame({ command: 'SEND', headers: { destination: '/pub/x', receipt: 'r2' }, body: 'one' }) +
        encodeFrame({ command: 'SEND', headers: { destination: '/pub/x' }, body: 'two' }),
    );
    await vi.waitFor(() => expect(sent.map((s) => s.body)).toEqual(['one', 'two']));
    expect(client.frames.map((f) => f.command)).toEqual(['CONNECTED', 'RECEIPT', 'RECEIPT']);
    expect(broker.stats().subscriptions).toBe(1);
  });

  it('closes a connection that never sends CONNECT', async () => {
    const { open, broker } = setup({ connectTimeoutMs: 30 });
    const client = open();
    await vi.waitFor(() => expect(client.closed).toBe(true));
    expect(broker.stats()).toMatchObject({ connections: 0, timers: 0 });
  });
});

describe('STOMP broker: subscriptions and delivery', () => {
  it('delivers MESSAGE frames to every subscription of a destination and nowhere else', async () => {
    const { connected, broker } = setup();
    const alice = await connected('token-alice');
    const bob = await connected('token-bob');
    alice.send('SUBSCRIBE', { id: 'sub-0', destination: '/sub/alice_bob' });
    bob.send('SUBSCRIBE', { id: 'x', destination: '/sub/alice_bob' });
    bob.send('SUBSCRIBE', { id: 'y', destination: '/sub/bob_carol' });
    expect(broker.deliver('/sub/alice_bob', '{"n":1}')).toBe(2);
    expect(alice.last('MESSAGE')!.headers).toMatchObject({
      subscription: 'sub-0',
      destination: '/sub/alice_bob',
      'content-type': 'application/json',
    });
    expect(alice.last('MESSAGE')!.body.toString()).toBe('{"n":1}');
    expect(bob.last('MESSAGE')!.headers.subscription).toBe('x');
    expect(broker.deliver('/sub/nobody', 'x')).toBe(0);
    const ids = [alice.last('MESSAGE')!.headers['message-id'], bob.last('MESSAGE')!.headers['message-id']];
    expect(new Set(ids).size).toBe(2);
  });

  it('refuses a destination the policy denies, with its reason', async () => {
    const { connected, broker } = setup();
    const alice = await connected();
    alice.send('SUBSCRIBE', { id: '0', destination: '/sub/bob_carol', receipt: 'r' });
    expect(alice.last()!.command).toBe('ERROR');
    expect(alice.last()!.headers).toMatchObject({ message: 'forbidden', 'receipt-id': 'r' });
    expect(alice.closed).toBe(true);
    expect(broker.stats().subscriptions).toBe(0);
  });

  it('requires id and destination, and refuses a duplicate id', async () => {
    const { connected } = setup();
    const a = await connected();
    a.send('SUBSCRIBE', { destination: '/sub/alice' });
    expect(a.last()!.headers.message).toContain('id');
    const b = await connected();
    b.send('SUBSCRIBE', { id: '1' });
    expect(b.last()!.headers.message).toContain('destination');
    const c = await connected();
    c.send('SUBSCRIBE', { id: '1', destination: '/sub/alice' });
    c.send('SUBSCRIBE', { id: '1', destination: '/sub/alice_2' });
    expect(c.last()!.command).toBe('ERROR');
  });

  it('limits subscriptions per connection (10,000 pipelined SUBSCRIBEs end with one ERROR)', async () => {
    const { connected, broker } = setup({ maxSubscriptions: 100 });
    const alice = await connected();
    let burst = '';
    for (let i = 0; i < 10_000; i++)
      burst += encodeFrame({
        command: 'SUBSCRIBE',
        headers: { id: `s${i}`, destination: `/sub/alice_${i}` },
      });
    alice.connection.receive(burst);
    expect(alice.frames.filter((f) => f.command === 'ERROR')).toHaveLength(1);
    expect(alice.closed).toBe(true);
    expect(broker.stats()).toMatchObject({ connections: 0, subscriptions: 0, destinations: 0 });
  });

  it('UNSUBSCRIBE stops delivery; unknown ids are ignored', async () => {
    const { connected, broker } = setup();
    const alice = await connected();
    alice.send('SUBSCRIBE', { id: '0', destination: '/sub/alice' });
    alice.send('UNSUBSCRIBE', { id: '0', receipt: 'u' });
    alice.send('UNSUBSCRIBE', { id: 'nope' });
    expect(alice.last()!.command).toBe('RECEIPT');
    expect(broker.deliver('/sub/alice', 'x')).toBe(0);
    expect(broker.stats().destinations).toBe(0);
  });

  it('drops a consumer that stops reading', async () => {
    const { connected, broker } = setup({ maxBufferedBytes: 1000 });
    const alice = await connected();
    alice.send('SUBSCRIBE', { id: '0', destination: '/sub/alice' });
    alice.buffered = 5000;
    broker.deliver('/sub/alice', 'x');
    expect(alice.closed).toBe(true);
    expect(broker.stats()).toMatchObject({ connections: 0, subscriptions: 0 });
  });
});

describe('STOMP broker: SEND, transactions, DISCONNECT', () => {
  it('hands SEND to the policy with the connected actor and answers the receipt', async () => {
    const { connected, sent } = setup();
    const bob = await connected('token-bob');
    bob.send('SEND', { destination: '/pub/x', receipt: 'r-1' }, '{"hello":"world"}');
    await vi.waitFor(() => expect(bob.last()?.command).toBe('RECEIPT'));
    expect(bob.last()!.headers['receipt-id']).toBe('r-1');
    expect(sent).toEqual([{ actor: BOB, destination: '/pub/x', body: '{"hello":"world"}' }]);
  });

  it('turns an AppError into ERROR with its message and a JSON body, then closes', async () => {
    const { connected } = setup();
    const alice = await connected();
    alice.send('SEND', { destination: '/pub/x', receipt: 'r' }, 'boom');
    await vi.waitFor(() => expect(alice.closed).toBe(true));
    const error = alice.last()!;
    expect(error.command).toBe('ERROR');
    expect(error.headers).toMatchObject({
      message: '나쁜 요청',
      'receipt-id': 'r',
      'content-type': 'application/json',
    });
    expect(JSON.parse(error.body.toString())).toEqual({
      exceptionName: 'InvalidInputException',
      message: '나쁜 요청',
      details: { content: 'bad' },
    });
  });

  it('answers an unexpected failure with a generic ERROR', async () => {
    const { connected } = setup();
    const alice = await connected();
    alice.send('SEND', { destination: '/pub/x' }, 'crash');
    await vi.waitFor(() => expect(alice.closed).toBe(true));
    expect(alice.last()!.headers.message).toBe('서버에 문제가 발생했습니다. 잠시 후 다시 시도해주세요.');
  });

  it('runs transactional SENDs on COMMIT only', async () => {
    const { connected, sent } = setup();
    const alice = await connected();
    alice.send('BEGIN', { transaction: 't1' });
    alice.send('SEND', { destination: '/pub/x', transaction: 't1' }, 'a');
    alice.send('BEGIN', { transaction: 't2' });
    alice.send('SEND', { destination: '/pub/x', transaction: 't2' }, 'dropped');
    alice.send('ABORT', { transaction: 't2' });
    expect(sent).toEqual([]);
    alice.send('COMMIT', { transaction: 't1', receipt: 'c' });
    await vi.waitFor(() => expect(alice.last()?.headers['receipt-id']).toBe('c'));
    expect(sent.map((s) => s.body)).toEqual(['a']);
    alice.send('COMMIT', { transaction: 'unknown' });
    await vi.waitFor(() => expect(alice.last()!.command).toBe('ERROR'));
  });

  it('cuts off a client that floods frames faster than they are handled', async () => {
    const { connected, sent } = setup({ maxPendingFrames: 10 });
    const alice = await connected();
    let burst = '';
    for (let i = 0; i < 50; i++)
      burst += encodeFrame({ command: 'SEND', headers: { destination: '/pub/x' }, body: `m${i}` });
    alice.connection.receive(burst);
    expect(alice.last()!.headers.message).toBe('처리할 프레임이 너무 많습니다. 잠시 후 다시 연결해주세요.');
    expect(alice.closed).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    // The one in progress finishes; nothing queued behind it runs.
    expect(sent.length).toBeLessThanOrEqual(1);
  });

  it('DISCONNECT answers its receipt and closes cleanly', async () => {
    const { connected, broker } = setup();
    const alice = await connected();
    alice.send('SUBSCRIBE', { id: '0', destination: '/sub/alice' });
    alice.send('DISCONNECT', { receipt: 'bye' });
    expect(alice.last()!.headers['receipt-id']).toBe('bye');
    expect(alice.closed).toBe(true);
    expect(broker.stats()).toEqual({ connections: 0, subscriptions: 0, destinations: 0, timers: 0 });
  });

  it('answers garbage, unknown commands and oversized frames with ERROR and closes', async () => {
    const { connected } = setup({ maxFrameBytes: 1024 });
    const garbage = await connected();
    garbage.connection.receive(Buffer.from([0x00, 0x01, 0x02, 0xff, 0x0a, 0x0a, 0x00]));
    expect(garbage.last()!.command).toBe('ERROR');
    expect(garbage.closed).toBe(true);
    const unknown = await connected();
    unknown.send('FOO');
    expect(unknown.last()!.headers.message).toContain('FOO');
    const big = await connected();
    big.send('SEND', { destination: '/pub/x' }, 'x'.repeat(5000));
    expect(big.last()!.headers.message).toBe('프레임이 너무 큽니다.');
    expect(big.closed).toBe(true);
  });

  it('ignores everything after the connection closed', async () => {
    const { connected, sent } = setup();
    const alice = await connected();
    alice.transport.close();
    alice.send('SEND', { destination: '/pub/x' }, 'late');
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
    expect(alice.frames.map((f) => f.command)).toEqual(['CONNECTED']);
  });
});

describe('STOMP broker: heart-beats', () => {
  it('sends EOLs when idle and closes a peer that stops sending', async () => {
    vi.useFakeTimers();
    const { open, broker } = setup({ heartbeatMs: 1000 });
    const client = open();
    client.connect('500,500');
    await vi.advanceTimersByTimeAsync(0);
    expect(client.last()!.headers['heart-beat']).toBe('1000,1000');
    const before = client.raw.length;
    // Negotiated: max(1000, 500) both ways. The client keeps sending heart-beats for a while…
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(800);
      client.connection.receive('\n');
    }
    expect(client.closed).toBe(false);
    expect(client.raw.slice(before)).toMatch(/^\n+$/);
    // …then goes silent: after twice the interval it is closed.
    await vi.advanceTimersByTimeAsync(2600);
    expect(client.closed).toBe(true);
    expect(client.last()!.command).toBe('ERROR');
    expect(broker.stats().timers).toBe(0);
  });

  it('starts no heart-beat for a consumer dropped while CONNECTED is written', async () => {
    vi.useFakeTimers();
    const { open, broker } = setup({ heartbeatMs: 1000, maxBufferedBytes: 1000 });
    const client = open();
    // The peer has stopped reading before the server's answer: CONNECTED itself overflows its buffer.
    client.buffered = 5000;
    client.connect('500,500');
    await vi.advanceTimersByTimeAsync(0);
    expect(client.closed).toBe(true);
    expect(broker.stats().connections).toBe(0);
    // Nothing left running for a closed connection (a leaked interval would beat forever).
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not heart-beat when either side offers 0', async () => {
    vi.useFakeTimers();
    const { open, broker } = setup({ heartbeatMs: 1000 });
    const client = open();
    client.connect('0,0');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(client.closed).toBe(false);
    expect(client.raw.endsWith('\0')).toBe(true);
    expect(broker.stats().timers).toBe(0);
    broker.close();
    expect(broker.stats().connections).toBe(0);
  });
});

describe('STOMP broker: connections of ended sessions', () => {
  it('lists the actors of authenticated connections and ends those of one session with ERROR', async () => {
    const { connected, open, broker } = setup();
    const alice = await connected('token-alice');
    const aliceAgain = await connected('token-alice');
    const bob = await connected('token-bob');
    open(); // not authenticated yet: no actor
    expect([...broker.actors()].map((a) => a.sessionId).sort()).toEqual(['s1', 's1', 's2']);

    broker.endSession('s1');
    for (const client of [alice, aliceAgain]) {
      expect(client.closed).toBe(true);
      expect(client.last()!.command).toBe('ERROR');
      expect(client.last()!.headers.message).toBe(ko.realtime.sessionEnded);
    }
    expect(bob.closed).toBe(false);
    expect([...broker.actors()]).toEqual([BOB]);
    broker.endSession('unknown');
    expect(bob.closed).toBe(false);
    broker.close();
  });

  it('asks `admit` before CONNECTED: a refused connection gets ERROR, and frames sent behind CONNECT are not handled', async () => {
    const asked: Actor[] = [];
    const { open, broker, sent } = setup({}, async (actor) => {
      asked.push(actor);
      // The connection is already visible while it waits, so an eviction arriving now would find it.
      expect([...broker.actors()]).toContainEqual(actor);
      return actor.userId !== 'alice';
    });
    const refused = open();
    refused.send('CONNECT', { 'accept-version': '1.2', Authorization: 'Bearer token-alice' });
    refused.send('SEND', { destination: '/pub/x' }, 'hello');
    await vi.waitFor(() => expect(refused.closed).toBe(true));
    expect(refused.frames.map((f) => f.command)).toEqual(['ERROR']);
    expect(refused.last()!.headers.message).toBe(ko.realtime.sessionEnded);
    expect(sent).toEqual([]);

    const admitted = open();
    admitted.send('CONNECT', { 'accept-version': '1.2', Authorization: 'Bearer token-bob' });
    await vi.waitFor(() => expect(admitted.last()?.command).toBe('CONNECTED'));
    expect(asked).toEqual([ALICE, BOB]);
    expect(broker.stats()).toMatchObject({ connections: 1, timers: 0 });
    broker.close();
  });
});
