import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { StompBroker } from './broker.js';
import { installSockJs } from './sockjs.js';
import { createRawWebSocketEndpoint } from './ws.js';

export interface StompEndpointOptions {
  /** `/ws` */
  path: string;
  /**
   * Largest single transport message. Above the broker's frame limit on purpose: a frame up to this size
   * still reaches the parser and gets a STOMP ERROR; only bigger messages are cut off by the transport.
   */
  maxMessageBytes?: number;
  /** Whether a browser page of this request's `Origin` may connect (see origin.ts). */
  allowOrigin(request: IncomingMessage): boolean;
  log: FastifyBaseLogger;
}

const DEFAULT_MAX_MESSAGE_BYTES = 1024 * 1024 + 64 * 1024;

/**
 * Mounts STOMP on the HTTP server: SockJS under `{path}/…` and a raw WebSocket at exactly `{path}` (or
 * `{path}/`). SockJS would claim `{path}` itself (its welcome page), so the upgrade listener installed last
 * routes by path: exactly `{path}` → raw WebSocket; `{path}/…` (`/ws/websocket`, `/ws/{server}/{session}/websocket`)
 * → SockJS; anything else is not a WebSocket endpoint and is refused at once instead of hanging. A handshake
 * from a page of a foreign origin is refused (403) on both, before any STOMP is spoken.
 */
export function installStompEndpoints(server: Server, broker: StompBroker, options: StompEndpointOptions) {
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const sockJs = installSockJs(server, broker, {
    prefix: options.path,
    maxMessageBytes,
    allowOrigin: options.allowOrigin,
    log: options.log,
  });
  const raw = createRawWebSocketEndpoint(broker, { maxMessageBytes });

  const sockJsUpgrade = server.listeners('upgrade').slice() as ((
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (req.url ?? '').split('?')[0] ?? '';
    const ours = pathname === options.path || pathname.startsWith(`${options.path}/`);
    if (ours && !options.allowOrigin(req))
      return void socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    if (pathname === options.path || pathname === `${options.path}/`)
      return raw.handleUpgrade(req, socket, head);
    if (pathname.startsWith(`${options.path}/`)) {
      for (const listener of sockJsUpgrade) listener.call(server, req, socket, head);
      return;
    }
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  return {
    close(): void {
      raw.close();
      sockJs.close();
    },
  };
}
