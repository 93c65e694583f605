import type { FastifyBaseLogger } from 'fastify';
import { STOMP_HEARTBEAT_MS } from '@otboo/contract';
import type { Actor } from '../../lib/actor.js';
import { createFrameHandler } from './commands.js';
import { createSession, type StompSession } from './session.js';
import { createSubscriptionRegistry } from './subscriptions.js';

/**
 * A small STOMP 1.2 broker (1.0 and 1.1 accepted) for server-defined destinations: CONNECT/STOMP with a
 * Bearer token, SUBSCRIBE/UNSUBSCRIBE checked per destination, SEND handed to the application, RECEIPT,
 * transactions, DISCONNECT, negotiated heart-beats with dead-peer detection, and a server-side `deliver` for
 * fan-out. Transports (raw WebSocket, SockJS) only move text in and out.
 *
 * Frames of one connection are handled strictly in order: an asynchronous step (authenticating, storing a
 * SEND) holds back the frames behind it, so a client may pipeline without waiting for CONNECTED.
 *
 * The parts: session.ts (connection state, queue, heart-beats), connect.ts and commands.ts (what each frame
 * does), subscriptions.ts (destinations and fan-out).
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

export function createStompBroker(deps: BrokerDeps): StompBroker {
  const options: BrokerOptions = { ...DEFAULT_BROKER_OPTIONS, ...deps.options };
  const sessions = new Set<StompSession>();
  const registry = createSubscriptionRegistry();
  const commandDeps = {
    authenticate: deps.authenticate,
    admit: deps.admit,
    heartbeatMs: options.heartbeatMs,
    policy: deps.policy,
    registry,
    options,
  };
  const sessionDeps = {
    options,
    log: deps.log,
    registry,
    handlerFor: (session: StompSession) => createFrameHandler(session, commandDeps),
    onClosed: (session: StompSession) => sessions.delete(session),
  };

  return {
    open(transport) {
      const session = createSession(transport, sessionDeps);
      sessions.add(session);
      return { receive: session.receive, closed: session.closed };
    },
    deliver: registry.deliver,
    close() {
      for (const s of [...sessions]) s.shutdown();
    },
    *actors() {
      for (const s of sessions) if (s.actor) yield s.actor;
    },
    endSession(sessionId) {
      for (const s of [...sessions]) s.endSession(sessionId);
    },
    stats() {
      let timers = 0;
      for (const s of sessions) timers += s.timers();
      return { connections: sessions.size, ...registry.counts(), timers };
    },
  };
}
