import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ko } from '@otboo/contract';
import type { Actor } from '../../lib/actor.js';
import type { BrokerOptions, StompTransport } from './broker.js';
import { FrameParser, encodeFrame, HEARTBEAT_EOL, type StompFrame, type StompVersion } from './frame.js';
import type { Subscriber, Subscription, SubscriptionRegistry } from './subscriptions.js';

export type FailExtra = { receipt?: string; body?: string; headers?: Record<string, string> };

/** One connection: its state, what it subscribed and began, and how frames go out. */
export interface StompSession extends Subscriber {
  readonly id: string;
  readonly state: 'awaiting-connect' | 'connected' | 'closed';
  /** A function, so checks after an `await` are not narrowed away by the compiler. */
  isClosed(): boolean;
  /** Set once CONNECT was authenticated; null once closed. */
  readonly actor: Actor | null;
  readonly version: StompVersion;
  readonly subscriptions: Map<string, Subscription>;
  readonly transactions: Map<string, StompFrame[]>;
  sendFrame(command: string, headers: Record<string, string | undefined>, body?: string): void;
  /** ERROR frame, then close: STOMP requires the server to close after an ERROR. */
  fail(message: string, extra?: FailExtra): void;
  shutdown(): void;
  /** The version CONNECT settled on: frames are read and written in it from now on. */
  useVersion(version: StompVersion): void;
  /** Visible to `actors()` from now, so an eviction arriving before CONNECTED finds this connection too. */
  authenticate(actor: Actor): void;
  /** CONNECT succeeded: the connect timeout no longer applies. */
  connected(): void;
  startHeartbeats(outgoingMs: number, incomingMs: number): void;
  receive(data: Buffer | string): void;
  /** The transport closed (by either side). Idempotent. */
  closed(): void;
  /** ERROR and close when this connection belongs to that auth session. */
  endSession(sessionId: string): void;
  /** Timers this connection holds now. */
  timers(): number;
}

export interface SessionDeps {
  options: BrokerOptions;
  log: FastifyBaseLogger;
  registry: SubscriptionRegistry;
  /** What a frame does; an asynchronous step holds back the frames behind it. */
  handlerFor(session: StompSession): (frame: StompFrame) => Promise<void> | void;
  onClosed(session: StompSession): void;
}

export function createSession(transport: StompTransport, deps: SessionDeps): StompSession {
  const { options, log } = deps;
  const id = randomUUID();
  let state: StompSession['state'] = 'awaiting-connect';
  let actor: Actor | null = null;
  let version: StompVersion = '1.2';
  let messageCounter = 0;
  const queue: StompFrame[] = [];
  let draining = false;
  let lastReceivedAt = Date.now();
  let lastSentAt = Date.now();
  const intervals: NodeJS.Timeout[] = [];

  const parser = new FrameParser({
    maxFrameBytes: options.maxFrameBytes,
    maxHeaders: options.maxHeaders,
    onFrame(frame) {
      if (state === 'closed') return;
      if (queue.length >= options.maxPendingFrames) return session.fail(ko.realtime.tooManyPendingFrames);
      queue.push(frame);
      if (!draining) void drain();
    },
    onError(kind, detail) {
      log.debug({ session: id, kind, detail }, 'stomp frame rejected');
      session.fail(kind === 'too-large' ? ko.realtime.frameTooLarge : ko.realtime.malformedFrame);
    },
  });

  let connectTimer: NodeJS.Timeout | null = setTimeout(() => {
    if (state === 'awaiting-connect') session.fail(ko.realtime.connectTimeout);
  }, options.connectTimeoutMs);

  function write(data: string): void {
    if (state === 'closed') return;
    transport.send(data);
    lastSentAt = Date.now();
    if (transport.bufferedBytes() > options.maxBufferedBytes) {
      log.debug({ session: id }, 'stomp slow consumer dropped');
      session.shutdown();
    }
  }

  function stopConnectTimer(): void {
    if (connectTimer) clearTimeout(connectTimer);
    connectTimer = null;
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (state !== 'closed') {
        const frame = queue.shift();
        if (!frame) break;
        const pending = handle(frame);
        if (pending) await pending;
      }
    } catch (err) {
      log.error({ err, session: id }, 'stomp frame handling failed');
      session.fail(ko.common.internalError);
    } finally {
      draining = false;
    }
  }

  const session: StompSession = {
    id,
    get state() {
      return state;
    },
    isClosed: () => state === 'closed',
    get actor() {
      return state === 'closed' ? null : actor;
    },
    get version() {
      return version;
    },
    subscriptions: new Map(),
    transactions: new Map(),
    sendFrame(command, headers, body) {
      write(encodeFrame({ command, headers, body }, version));
    },
    fail(message, extra = {}) {
      if (state === 'closed') return;
      const type = extra.body ? 'application/json' : 'text/plain;charset=utf-8';
      const headers = { ...extra.headers, message, 'receipt-id': extra.receipt, 'content-type': type };
      session.sendFrame('ERROR', headers, extra.body ?? message);
      session.shutdown();
    },
    shutdown() {
      if (state === 'closed') return;
      session.closed();
      transport.close();
    },
    useVersion(chosen) {
      version = chosen;
      parser.version = chosen;
    },
    authenticate(who) {
      actor = who;
    },
    connected() {
      stopConnectTimer();
      state = 'connected';
    },
    startHeartbeats(outgoing, incoming) {
      // Writing CONNECTED may have dropped a slow consumer: a closed session must not get timers back.
      if (state === 'closed') return;
      if (outgoing > 0) {
        const beat = () => {
          if (Date.now() - lastSentAt >= outgoing * 0.8) write(HEARTBEAT_EOL);
        };
        intervals.push(setInterval(beat, outgoing / 2));
      }
      if (incoming > 0) {
        // Twice the interval before declaring the peer dead, as networks and timers are not exact.
        const check = () => {
          if (Date.now() - lastReceivedAt <= incoming * 2) return;
          log.debug({ session: id }, 'stomp peer missed its heart-beats');
          session.fail(ko.realtime.heartbeatTimeout);
        };
        intervals.push(setInterval(check, incoming / 2));
      }
    },
    receive(data) {
      if (state === 'closed') return;
      lastReceivedAt = Date.now();
      parser.push(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    },
    closed() {
      if (state === 'closed') return;
      state = 'closed';
      stopConnectTimer();
      for (const t of intervals) clearInterval(t);
      intervals.length = 0;
      for (const sub of session.subscriptions.values()) deps.registry.remove(sub);
      session.subscriptions.clear();
      session.transactions.clear();
      queue.length = 0;
      deps.onClosed(session);
    },
    message(sub, body) {
      const headers = {
        destination: sub.destination,
        subscription: sub.id,
        'message-id': `${id}-${++messageCounter}`,
        'content-type': 'application/json',
      };
      session.sendFrame('MESSAGE', headers, body);
    },
    endSession(sessionId) {
      if (actor?.sessionId === sessionId) session.fail(ko.realtime.sessionEnded);
    },
    timers: () => (connectTimer ? 1 : 0) + intervals.length,
  };
  const handle = deps.handlerFor(session);
  return session;
}
