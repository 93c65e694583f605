import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ko, STOMP_HEARTBEAT_MS } from '@otboo/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { FrameParser, encodeFrame, HEARTBEAT_EOL, type StompFrame, type StompVersion } from './frame.js';

/**
 * A small STOMP 1.2 broker (1.0 and 1.1 accepted) for server-defined destinations: CONNECT/STOMP with a
 * Bearer token, SUBSCRIBE/UNSUBSCRIBE checked per destination, SEND handed to the application, RECEIPT,
 * transactions, DISCONNECT, negotiated heart-beats with dead-peer detection, and a server-side `deliver` for
 * fan-out. Transports (raw WebSocket, SockJS) only move text in and out.
 *
 * Frames of one connection are handled strictly in order: an asynchronous step (authenticating, storing a
 * SEND) holds back the frames behind it, so a client may pipeline without waiting for CONNECTED.
 */

/** What a transport offers the broker. */
export interface StompTransport {
  send(data: string): void;
  /** Closes the connection after the data already sent. */
  close(): void;
  /** Bytes accepted by `send` that the peer has not taken yet. */
  bufferedBytes(): number;
}

/** The application's side: who may subscribe where, and what a SEND does. */
export interface DestinationPolicy {
  /** Null when allowed; otherwise the Korean reason for the ERROR frame. */
  authorizeSubscribe(actor: Actor, destination: string): string | null;
  /** Handles a SEND. An `AppError` becomes an ERROR frame carrying its message. */
  handleSend(actor: Actor, destination: string, body: string): Promise<void>;
}

export interface BrokerOptions {
  /** What the server offers both ways in `heart-beat`; 0 turns heart-beats off. */
  heartbeatMs: number;
  maxFrameBytes: number;
  maxHeaders: number;
  maxSubscriptions: number;
  /** Frames waiting behind an asynchronous step; a client flooding beyond it is cut off. */
  maxPendingFrames: number;
  maxTransactions: number;
  maxFramesPerTransaction: number;
  /** Outgoing bytes a peer may leave unread before it is dropped as a slow consumer. */
  maxBufferedBytes: number;
  /** Time allowed between opening the connection and CONNECT. */
  connectTimeoutMs: number;
}

export const DEFAULT_BROKER_OPTIONS: BrokerOptions = {
  heartbeatMs: STOMP_HEARTBEAT_MS,
  maxFrameBytes: 64 * 1024,
  maxHeaders: 64,
  maxSubscriptions: 100,
  maxPendingFrames: 64,
  maxTransactions: 8,
  maxFramesPerTransaction: 100,
  maxBufferedBytes: 1024 * 1024,
  connectTimeoutMs: 10_000,
};

export interface BrokerDeps {
  /** Verifies an access token and its live session (throws an `AppError` 401 otherwise). */
  authenticate(token: string): Promise<Actor>;
  /**
   * Called once a connection is authenticated and visible to `actors()`, before CONNECTED: false when its
   * session ended meanwhile, and the connection gets an ERROR instead (see realtime/session-guard.ts).
   */
  admit?(actor: Actor): Promise<boolean>;
  policy: DestinationPolicy;
  log: FastifyBaseLogger;
  options?: Partial<BrokerOptions>;
}

/** One open transport as the broker sees it. */
export interface StompConnection {
  receive(data: Buffer | string): void;
  /** The transport closed (by either side). Idempotent. */
  closed(): void;
}

export interface BrokerStats {
  connections: number;
  subscriptions: number;
  destinations: number;
  timers: number;
}

export interface StompBroker {
  open(transport: StompTransport): StompConnection;
  /** Sends a MESSAGE to every local subscription of a destination; returns how many got it. */
  deliver(destination: string, body: string): number;
  /** Closes every connection. */
  close(): void;
  stats(): BrokerStats;
  /** The actors of the authenticated connections. */
  actors(): Iterable<Actor>;
  /** Sends an ERROR and closes every connection of an auth session that ended. */
  endSession(sessionId: string): void;
}

const SUPPORTED_VERSIONS: readonly StompVersion[] = ['1.2', '1.1', '1.0'];
const BEARER = /^Bearer\s+(\S+)$/i;

interface Subscription {
  id: string;
  destination: string;
  session: Session;
}

interface Session {
  readonly id: string;
  /** Set once CONNECT was authenticated. */
  readonly actor: Actor | null;
  receive(data: Buffer | string): void;
  closed(): void;
  message(sub: Subscription, body: string): void;
  close(): void;
  /** ERROR and close when this connection belongs to that auth session. */
  endSession(sessionId: string): void;
}

export function createStompBroker(deps: BrokerDeps): StompBroker {
  const options: BrokerOptions = { ...DEFAULT_BROKER_OPTIONS, ...deps.options };
  const sessions = new Set<Session>();
  const byDestination = new Map<string, Set<Subscription>>();
  let timers = 0;

  function addSubscription(sub: Subscription): void {
    let set = byDestination.get(sub.destination);
    if (!set) byDestination.set(sub.destination, (set = new Set()));
    set.add(sub);
  }
  function removeSubscription(sub: Subscription): void {
    const set = byDestination.get(sub.destination);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) byDestination.delete(sub.destination);
  }

  function createSession(transport: StompTransport): Session {
    const id = randomUUID();
    let state: 'awaiting-connect' | 'connected' | 'closed' = 'awaiting-connect';
    // A function, so checks after an `await` are not narrowed away by the compiler.
    const isClosed = () => state === 'closed';
    let actor: Actor | null = null;
    let version: StompVersion = '1.2';
    let messageCounter = 0;
    const subscriptions = new Map<string, Subscription>();
    const transactions = new Map<string, StompFrame[]>();
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
        if (queue.length >= options.maxPendingFrames) return fail(ko.realtime.tooManyPendingFrames);
        queue.push(frame);
        if (!draining) void drain();
      },
      onError(kind, detail) {
        deps.log.debug({ session: id, kind, detail }, 'stomp frame rejected');
        fail(kind === 'too-large' ? ko.realtime.frameTooLarge : ko.realtime.malformedFrame);
      },
    });

    let connectTimer: NodeJS.Timeout | null = setTimeout(() => {
      if (state === 'awaiting-connect') fail(ko.realtime.connectTimeout);
    }, options.connectTimeoutMs);
    timers++;
    function stopConnectTimer(): void {
      if (!connectTimer) return;
      clearTimeout(connectTimer);
      connectTimer = null;
      timers--;
    }

    function write(data: string): void {
      if (state === 'closed') return;
      transport.send(data);
      lastSentAt = Date.now();
      if (transport.bufferedBytes() > options.maxBufferedBytes) {
        deps.log.debug({ session: id }, 'stomp slow consumer dropped');
        shutdown();
      }
    }

    function sendFrame(command: string, headers: Record<string, string | undefined>, body?: string): void {
      write(encodeFrame({ command, headers, body }, version));
    }

    /** ERROR frame, then close: STOMP requires the server to close after an ERROR. */
    function fail(
      message: string,
      extra: { receipt?: string; body?: string; headers?: Record<string, string> } = {},
    ): void {
      if (state === 'closed') return;
      sendFrame(
        'ERROR',
        {
          ...extra.headers,
          message,
          'receipt-id': extra.receipt,
          'content-type': extra.body ? 'application/json' : 'text/plain;charset=utf-8',
        },
        extra.body ?? message,
      );
      shutdown();
    }

    function shutdown(): void {
      if (state === 'closed') return;
      cleanup();
      transport.close();
    }

    function cleanup(): void {
      if (state === 'closed') return;
      state = 'closed';
      stopConnectTimer();
      for (const t of intervals) clearInterval(t);
      timers -= intervals.length;
      intervals.length = 0;
      for (const sub of subscriptions.values()) removeSubscription(sub);
      subscriptions.clear();
      transactions.clear();
      queue.length = 0;
      sessions.delete(session);
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
        deps.log.error({ err, session: id }, 'stomp frame handling failed');
        fail(ko.common.internalError);
      } finally {
        draining = false;
      }
    }

    function receipt(frame: StompFrame): void {
      const r = frame.headers.receipt;
      if (r !== undefined) sendFrame('RECEIPT', { 'receipt-id': r });
    }

    function handle(frame: StompFrame): Promise<void> | void {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') return connect(frame);
      if (state !== 'connected' || !actor) return fail(ko.realtime.connectRequired);
      switch (frame.command) {
        case 'SUBSCRIBE':
          return subscribe(frame, actor);
        case 'UNSUBSCRIBE':
          return unsubscribe(frame);
        case 'SEND':
          return send(frame, actor);
        case 'BEGIN':
        case 'COMMIT':
        case 'ABORT':
          return transaction(frame, actor);
        case 'ACK':
        case 'NACK':
          // Every subscription is `ack:auto`: acknowledgements have nothing to settle.
          return receipt(frame);
        case 'DISCONNECT':
          receipt(frame);
          return shutdown();
        default:
          return fail(ko.realtime.unknownCommand(frame.command));
      }
    }

    async function connect(frame: StompFrame): Promise<void> {
      if (state !== 'awaiting-connect') return fail(ko.realtime.alreadyConnected);
      const offered = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
      const chosen = SUPPORTED_VERSIONS.find((v) => offered.includes(v));
      if (!chosen) {
        sendFrame(
          'ERROR',
          { version: '1.2,1.1,1.0', message: ko.realtime.unsupportedVersion },
          ko.realtime.unsupportedVersion,
        );
        return shutdown();
      }
      version = chosen;
      parser.version = chosen;
      const header = frame.headers.Authorization ?? frame.headers.authorization ?? '';
      const token = BEARER.exec(header.trim())?.[1];
      if (!token) return fail(ko.realtime.tokenRequired);
      let who: Actor;
      try {
        who = await deps.authenticate(token);
      } catch (err) {
        if (err instanceof AppError) return fail(err.message);
        throw err;
      }
      if (isClosed()) return;
      // Visible to `actors()` from here, so an eviction arriving during `admit` finds this connection too.
      actor = who;
      if (deps.admit && !(await deps.admit(who))) return fail(ko.realtime.sessionEnded);
      if (isClosed()) return;
      stopConnectTimer();
      state = 'connected';
      const [clientSends, clientWants] = parseHeartBeat(
        version === '1.0' ? undefined : frame.headers['heart-beat'],
      );
      const serverOffer = version === '1.0' ? 0 : options.heartbeatMs;
      const outgoing = serverOffer > 0 && clientWants > 0 ? Math.max(serverOffer, clientWants) : 0;
      const incoming = serverOffer > 0 && clientSends > 0 ? Math.max(serverOffer, clientSends) : 0;
      sendFrame('CONNECTED', {
        version,
        'heart-beat': `${serverOffer},${serverOffer}`,
        server: 'otboo',
        session: id,
        'user-name': actor.userId,
      });
      startHeartbeats(outgoing, incoming);
    }

    function startHeartbeats(outgoing: number, incoming: number): void {
      if (outgoing > 0) {
        intervals.push(
          setInterval(() => {
            if (Date.now() - lastSentAt >= outgoing * 0.8) write(HEARTBEAT_EOL);
          }, outgoing / 2),
        );
        timers++;
      }
      if (incoming > 0) {
        // Twice the interval before declaring the peer dead, as networks and timers are not exact.
        intervals.push(
          setInterval(() => {
            if (Date.now() - lastReceivedAt > incoming * 2) {
              deps.log.debug({ session: id }, 'stomp peer missed its heart-beats');
              fail(ko.realtime.heartbeatTimeout);
            }
          }, incoming / 2),
        );
        timers++;
      }
    }

    function subscribe(frame: StompFrame, who: Actor): void {
      const destination = frame.headers.destination;
      if (!destination)
        return fail(ko.realtime.missingHeader('destination'), { receipt: frame.headers.receipt });
      // 1.0 made `id` optional; the destination then names the subscription.
      const subId = frame.headers.id ?? (version === '1.0' ? destination : undefined);
      if (subId === undefined)
        return fail(ko.realtime.missingHeader('id'), { receipt: frame.headers.receipt });
      if (subscriptions.has(subId))
        return fail(ko.realtime.duplicateSubscription, { receipt: frame.headers.receipt });
      if (subscriptions.size >= options.maxSubscriptions)
        return fail(ko.realtime.tooManySubscriptions, { receipt: frame.headers.receipt });
      const denied = deps.policy.authorizeSubscribe(who, destination);
      if (denied) return fail(denied, { receipt: frame.headers.receipt });
      const sub: Subscription = { id: subId, destination, session };
      subscriptions.set(subId, sub);
      addSubscription(sub);
      receipt(frame);
    }

    function unsubscribe(frame: StompFrame): void {
      const subId = frame.headers.id ?? (version === '1.0' ? frame.headers.destination : undefined);
      if (subId === undefined)
        return fail(ko.realtime.missingHeader('id'), { receipt: frame.headers.receipt });
      const sub = subscriptions.get(subId);
      if (sub) {
        subscriptions.delete(subId);
        removeSubscription(sub);
      }
      receipt(frame);
    }

    async function send(frame: StompFrame, who: Actor): Promise<void> {
      const tx = frame.headers.transaction;
      if (tx !== undefined) {
        const frames = transactions.get(tx);
        if (!frames) return fail(ko.realtime.unknownTransaction, { receipt: frame.headers.receipt });
        if (frames.length >= options.maxFramesPerTransaction)
          return fail(ko.realtime.tooManyPendingFrames, { receipt: frame.headers.receipt });
        frames.push(frame);
        return receipt(frame);
      }
      if (await deliverSend(frame, who)) receipt(frame);
    }

    /** Runs one SEND; false when it failed (the connection is then closed). */
    async function deliverSend(frame: StompFrame, who: Actor): Promise<boolean> {
      const destination = frame.headers.destination;
      if (!destination) {
        fail(ko.realtime.missingHeader('destination'), { receipt: frame.headers.receipt });
        return false;
      }
      try {
        await deps.policy.handleSend(who, destination, frame.body.toString('utf8'));
        return !isClosed();
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const body = JSON.stringify({
          exceptionName: err.exceptionName,
          message: err.message,
          details: err.details,
        });
        // The error's own headers too: a refused write carries `retry-after` (plugins/write-limits.ts).
        fail(err.message, { receipt: frame.headers.receipt, body, headers: err.headers });
        return false;
      }
    }

    async function transaction(frame: StompFrame, who: Actor): Promise<void> {
      const tx = frame.headers.transaction;
      if (tx === undefined)
        return fail(ko.realtime.missingHeader('transaction'), { receipt: frame.headers.receipt });
      if (frame.command === 'BEGIN') {
        if (transactions.has(tx))
          return fail(ko.realtime.unknownTransaction, { receipt: frame.headers.receipt });
        if (transactions.size >= options.maxTransactions)
          return fail(ko.realtime.tooManyTransactions, { receipt: frame.headers.receipt });
        transactions.set(tx, []);
        return receipt(frame);
      }
      const frames = transactions.get(tx);
      if (!frames) return fail(ko.realtime.unknownTransaction, { receipt: frame.headers.receipt });
      transactions.delete(tx);
      if (frame.command === 'COMMIT') {
        for (const f of frames) if (!(await deliverSend(f, who))) return;
      }
      receipt(frame);
    }

    const session: Session = {
      id,
      get actor() {
        return isClosed() ? null : actor;
      },
      receive(data: Buffer | string): void {
        if (state === 'closed') return;
        lastReceivedAt = Date.now();
        parser.push(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
      },
      closed: cleanup,
      message(sub: Subscription, body: string): void {
        const messageId = `${id}-${++messageCounter}`;
        sendFrame(
          'MESSAGE',
          {
            destination: sub.destination,
            subscription: sub.id,
            'message-id': messageId,
            'content-type': 'application/json',
          },
          body,
        );
      },
      close: shutdown,
      endSession(sessionId: string): void {
        if (actor?.sessionId === sessionId) fail(ko.realtime.sessionEnded);
      },
    };
    return session;
  }

  return {
    open(transport) {
      const session = createSession(transport);
      sessions.add(session);
      return { receive: session.receive, closed: session.closed };
    },
    deliver(destination, body) {
      const set = byDestination.get(destination);
      if (!set) return 0;
      let n = 0;
      // Copy: a slow consumer dropped during delivery leaves the set.
      for (const sub of [...set]) {
        sub.session.message(sub, body);
        n++;
      }
      return n;
    },
    close() {
      for (const s of [...sessions]) s.close();
    },
    *actors() {
      for (const s of sessions) if (s.actor) yield s.actor;
    },
    endSession(sessionId) {
      for (const s of [...sessions]) s.endSession(sessionId);
    },
    stats() {
      let subscriptions = 0;
      for (const set of byDestination.values()) subscriptions += set.size;
      return { connections: sessions.size, subscriptions, destinations: byDestination.size, timers };
    },
  };
}

/** `heart-beat: cx,cy` → [what the client sends, what it wants to receive]; malformed means none. */
export function parseHeartBeat(value: string | undefined): [number, number] {
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(value ?? '');
  if (!m) return [0, 0];
  return [Number(m[1]), Number(m[2])];
}
