import { Client, type IMessage, type IStompSocket, type StompSubscription } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import { ko, STOMP_HEARTBEAT_MS, STOMP_RECONNECT_DELAY_MS, WS_PATH } from '@otboo/contract';
import { parsePayload } from '@/utils/parse-payload';
import { tokenExpiresWithin } from '@/utils/token-expiry';

/** Spec §4 "Real-time": connecting, connected, closed (socket closed or a protocol error). */
export type StompState = 'connecting' | 'connected' | 'closed';

/** A token this close to its expiry is renewed before it is sent in CONNECT. */
const TOKEN_MARGIN_MS = 30_000;

export interface StompConnectionOptions {
  /** The SockJS endpoint; `/ws` by default. */
  url?: string;
  /** The current access token, read again before every (re)connect; null when signed out. */
  getAccessToken(): string | null;
  /** Renews the session; resolves to the new token, or null when the session is gone. */
  refreshAccessToken(): Promise<string | null>;
  /** Tests pass a fake socket; SockJS otherwise. */
  webSocketFactory?: () => IStompSocket;
  onStateChange?(state: StompState): void;
}

export type StompHandler = (body: unknown, message: IMessage) => void;

export interface StompConnection {
  readonly state: StompState;
  /** Starts connecting (and reconnecting every 5 s after a loss) when a token exists. */
  connect(): void;
  /** Closes the connection and stops reconnecting. */
  disconnect(): Promise<void>;
  /**
   * Listens to a destination, now and after every reconnect. A second subscription to the same destination
   * is ignored (docs/product.md §4); its returned function does nothing.
   */
  subscribe(destination: string, handler: StompHandler): () => void;
  /** Sends a JSON body; while not connected it logs an error, sends nothing and returns false. */
  publish(destination: string, body: unknown): boolean;
}

interface Registration {
  handler: StompHandler;
  subscription: StompSubscription | null;
}

/**
 * A STOMP 1.2 client over SockJS (docs/api.md §7) with the constants of docs/product.md §9: reconnect after 5 s and 4 s
 * heart-beats both ways. Every connect sends `Authorization: Bearer` with the session's current token,
 * renewed first when it is about to expire, when the server refused the last CONNECT or when it ended the
 * connection because the session ended (a session that is gone then stops the reconnects). Errors are logged
 * only (docs/product.md §8).
 */
export function createStompConnection(options: StompConnectionOptions): StompConnection {
  const url = options.url ?? WS_PATH;
  const registrations = new Map<string, Registration>();
  let state: StompState = 'closed';
  // Set when the server answered CONNECT with an ERROR (the token is the likely cause) or ended the connection
  // because its session ended (signed out elsewhere, locked, role or password changed).
  let renewBeforeConnect = false;
  let connectedOnThisSocket = false;

  function setState(next: StompState): void {
    if (state === next) return;
    state = next;
    options.onStateChange?.(next);
  }

  function subscribeNow(destination: string, registration: Registration): void {
    registration.subscription = client.subscribe(destination, (message) => {
      try {
        registration.handler(parsePayload(message.body), message);
      } catch (error) {
        console.error(error);
      }
    });
  }

  const client = new Client({
    webSocketFactory: options.webSocketFactory ?? (() => new SockJS(url) as IStompSocket),
    reconnectDelay: STOMP_RECONNECT_DELAY_MS,
    heartbeatIncoming: STOMP_HEARTBEAT_MS,
    heartbeatOutgoing: STOMP_HEARTBEAT_MS,
    debug: () => undefined,
    async beforeConnect(self) {
      setState('connecting');
      connectedOnThisSocket = false;
      let token = options.getAccessToken();
      if (token && (renewBeforeConnect || tokenExpiresWithin(token, TOKEN_MARGIN_MS))) {
        renewBeforeConnect = false;
        token = await options.refreshAccessToken().catch((error: unknown) => {
          console.error(error);
          return options.getAccessToken();
        });
      }
      if (!token) {
        // Signed out meanwhile: stop instead of knocking without credentials every 5 s.
        await self.deactivate();
        setState('closed');
        return;
      }
      self.connectHeaders = { Authorization: `Bearer ${token}` };
    },
    onConnect() {
      connectedOnThisSocket = true;
      setState('connected');
      for (const [destination, registration] of registrations) subscribeNow(destination, registration);
    },
    onStompError(frame) {
      console.error(`STOMP ERROR: ${frame.headers.message ?? ''}`, frame.body);
      if (!connectedOnThisSocket || frame.headers.message === ko.realtime.sessionEnded)
        renewBeforeConnect = true;
      setState('closed');
    },
    onWebSocketClose() {
      // Subscriptions die with the connection; onConnect renews them.
      for (const registration of registrations.values()) registration.subscription = null;
      setState('closed');
    },
    onWebSocketError(event) {
      console.error('STOMP socket error', event);
    },
  });

  return {
    get state() {
      return state;
    },
    connect() {
      if (client.active || !options.getAccessToken()) return;
      client.activate();
    },
    async disconnect() {
      await client.deactivate();
      // connect() may have run again meanwhile (a remount): then the new connection owns the state.
      if (client.active) return;
      for (const registration of registrations.values()) registration.subscription = null;
      setState('closed');
    },
    subscribe(destination, handler) {
      if (registrations.has(destination)) {
        console.warn(`STOMP: '${destination}' is already subscribed; the second subscription is ignored`);
        return () => undefined;
      }
      const registration: Registration = { handler, subscription: null };
      registrations.set(destination, registration);
      if (client.connected) subscribeNow(destination, registration);
      return () => {
        if (registrations.get(destination) !== registration) return;
        registrations.delete(destination);
        if (client.connected) registration.subscription?.unsubscribe();
      };
    },
    publish(destination, body) {
      if (!client.connected) {
        console.error(`STOMP: not connected; nothing was sent to '${destination}'`);
        return false;
      }
      client.publish({
        destination,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      return true;
    },
  };
}
