import { Client, type IMessage, type IFrame, type StompSubscription } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import WebSocket from 'ws';
import { DM_SEND_DESTINATION, directMessageTopic } from '@otboo/contract';
import { encodeFrame, FrameParser, type StompFrame } from '../../src/realtime/stomp/frame.js';

const wsUrl = (baseUrl: string, path: string) => `${baseUrl.replace(/^http/, 'ws')}${path}`;

function waitUntil<T>(
  check: () => T | undefined,
  timeoutMs: number,
  what: string,
  listeners: Set<() => void>,
  gone?: () => boolean,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const first = check();
    if (first !== undefined) return resolve(first);
    const timer = setTimeout(() => {
      listeners.delete(listener);
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const listener = () => {
      const value = check();
      if (value !== undefined) {
        clearTimeout(timer);
        listeners.delete(listener);
        resolve(value);
      } else if (gone?.()) {
        clearTimeout(timer);
        listeners.delete(listener);
        reject(new Error(`connection closed while waiting for ${what}`));
      }
    };
    listeners.add(listener);
  });
}

/** A bare STOMP client on a raw WebSocket: frames in and out exactly as written, for protocol tests. */
export interface RawStompClient {
  ws: WebSocket;
  frames: StompFrame[];
  /** Text received, heart-beat EOLs included. */
  received: string[];
  readonly isClosed: boolean;
  closed: Promise<{ code: number; reason: string }>;
  send(command: string, headers?: Record<string, string>, body?: string): void;
  sendRaw(data: string | Buffer): void;
  /** CONNECT with a Bearer token (none when undefined); resolves with CONNECTED or ERROR. */
  connect(token: string | undefined, headers?: Record<string, string>): Promise<StompFrame>;
  waitFor(predicate: (f: StompFrame) => boolean, timeoutMs?: number): Promise<StompFrame>;
  close(): void;
}

export function openRawStomp(baseUrl: string, path = '/ws'): Promise<RawStompClient> {
  const ws = new WebSocket(wsUrl(baseUrl, path));
  const frames: StompFrame[] = [];
  const received: string[] = [];
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };
  let isClosed = false;
  const parser = new FrameParser({
    maxFrameBytes: 8 << 20,
    maxHeaders: 1000,
    onFrame: (f) => {
      frames.push(f);
      notify();
    },
    onError: (kind, detail) => {
      throw new Error(`server sent a bad frame: ${kind} ${detail}`);
    },
  });
  ws.on('message', (data: Buffer) => {
    received.push(data.toString('utf8'));
    parser.push(data);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      isClosed = true;
      resolve({ code, reason: reason.toString() });
      notify();
    });
  });
  ws.on('error', () => {});
  const client: RawStompClient = {
    ws,
    frames,
    received,
    get isClosed() {
      return isClosed;
    },
    closed,
    send(command, headers = {}, body) {
      ws.send(encodeFrame({ command, headers, body }));
    },
    sendRaw(data) {
      ws.send(data);
    },
    connect(token, headers = {}) {
      client.send('CONNECT', {
        'accept-version': '1.2,1.1,1.0',
        'heart-beat': '0,0',
        ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
        ...headers,
      });
      return client.waitFor((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
    },
    waitFor(predicate, timeoutMs = 5_000) {
      return waitUntil(
        () => frames.find(predicate),
        timeoutMs,
        'a frame',
        listeners,
        () => isClosed,
      );
    },
    close() {
      ws.close();
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

export type StompJsTransport = 'websocket' | 'sockjs-websocket' | 'xhr-streaming' | 'xhr-polling';

/** A subscription's received messages with a way to wait for more. */
export interface Inbox {
  messages: IMessage[];
  bodies(): any[];
  waitFor(count: number, timeoutMs?: number): Promise<any[]>;
  unsubscribe(): void;
}

export interface StompJsSession {
  client: Client;
  errors: IFrame[];
  /** Subscribes and waits for the broker's RECEIPT, so nothing published afterwards can be missed. */
  subscribe(destination: string): Promise<Inbox>;
  /** Publishes to `destination`, waiting for the broker's RECEIPT. */
  publish(destination: string, body: string): Promise<void>;
  waitForError(timeoutMs?: number): Promise<IFrame>;
  close(): Promise<void>;
}

/**
 * The web app's client stack: @stomp/stompjs over SockJS (a chosen SockJS transport) or over a raw WebSocket,
 * with `Authorization: Bearer` in the CONNECT headers. Resolves once CONNECTED, rejects on an ERROR first.
 */
export function connectStompJs(
  baseUrl: string,
  token: string,
  transport: StompJsTransport = 'sockjs-websocket',
): Promise<StompJsSession> {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };
  const errors: IFrame[] = [];
  const sockJsTransports = {
    'sockjs-websocket': ['websocket'],
    'xhr-streaming': ['xhr-streaming'],
    'xhr-polling': ['xhr-polling'],
  } as const;
  const client = new Client({
    webSocketFactory: () =>
      transport === 'websocket'
        ? new WebSocket(wsUrl(baseUrl, '/ws'))
        : new SockJS(`${baseUrl}/ws`, undefined, { transports: [...sockJsTransports[transport]] }),
    connectHeaders: { Authorization: `Bearer ${token}` },
    heartbeatIncoming: 4000,
    heartbeatOutgoing: 4000,
    reconnectDelay: 0,
    debug: () => {},
  });
  return new Promise((resolve, reject) => {
    let receiptCounter = 0;
    client.onStompError = (frame) => {
      errors.push(frame);
      notify();
      reject(new Error(`STOMP ERROR: ${frame.headers.message}`));
    };
    client.onWebSocketError = () => reject(new Error('socket error'));
    client.onConnect = () => {
      resolve({
        client,
        errors,
        async subscribe(destination) {
          const messages: IMessage[] = [];
          const receipt = `s-${++receiptCounter}`;
          let confirmed = false;
          client.watchForReceipt(receipt, () => {
            confirmed = true;
            notify();
          });
          const sub: StompSubscription = client.subscribe(
            destination,
            (m) => {
              messages.push(m);
              notify();
            },
            { receipt },
          );
          await waitUntil(
            () => (confirmed ? true : undefined),
            5_000,
            'a subscription receipt',
            listeners,
            () => errors.length > 0,
          );
          return {
            messages,
            bodies: () => messages.map((m) => JSON.parse(m.body)),
            async waitFor(count, timeoutMs = 5_000) {
              await waitUntil(
                () => (messages.length >= count ? true : undefined),
                timeoutMs,
                `${count} messages on ${destination}`,
                listeners,
              );
              return messages.map((m) => JSON.parse(m.body));
            },
            unsubscribe: () => sub.unsubscribe(),
          };
        },
        publish(destination, body) {
          const receipt = `r-${++receiptCounter}`;
          const done = new Promise<void>((ok) => client.watchForReceipt(receipt, () => ok()));
          client.publish({ destination, body, headers: { receipt } });
          return done;
        },
        waitForError(timeoutMs = 5_000) {
          return waitUntil(() => errors[0], timeoutMs, 'an ERROR frame', listeners);
        },
        close: () => client.deactivate(),
      });
    };
    client.activate();
  });
}

/** A signed-in raw STOMP connection that sends direct messages and waits until each is stored (its RECEIPT). */
export async function openDmSender(baseUrl: string, sender: { id: string; accessToken: string }) {
  const stomp = await openRawStomp(baseUrl);
  const connected = await stomp.connect(sender.accessToken);
  if (connected.command !== 'CONNECTED') throw new Error(`CONNECT refused: ${connected.headers.message}`);
  let counter = 0;
  return {
    async send(receiverId: string, content: string): Promise<void> {
      const receipt = `dm-${++counter}`;
      stomp.send(
        'SEND',
        { destination: DM_SEND_DESTINATION, receipt, 'content-type': 'application/json' },
        JSON.stringify({ senderId: sender.id, receiverId, content }),
      );
      const answer = await stomp.waitFor(
        (f) => (f.command === 'RECEIPT' && f.headers['receipt-id'] === receipt) || f.command === 'ERROR',
        15_000,
      );
      if (answer.command === 'ERROR') throw new Error(`SEND refused: ${answer.headers.message}`);
    },
    close: () => stomp.close(),
  };
}

/** Sends one direct message on a connection of its own. */
export async function sendDirectMessage(
  baseUrl: string,
  sender: { id: string; accessToken: string },
  receiverId: string,
  content: string,
) {
  const dm = await openDmSender(baseUrl, sender);
  try {
    await dm.send(receiverId, content);
  } finally {
    dm.close();
  }
}

export { directMessageTopic, DM_SEND_DESTINATION };
