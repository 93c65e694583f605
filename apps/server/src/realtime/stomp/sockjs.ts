import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import sockjs from 'sockjs';
import { ko } from '@otboo/contract';
import type { StompBroker } from './broker.js';

export interface SockJsOptions {
  prefix: string;
  /** Largest message (WebSocket) or request body (`xhr_send`) accepted from a client. */
  maxMessageBytes: number;
  /** Whether a browser page of this request's `Origin` may use SockJS (see origin.ts). */
  allowOrigin(request: IncomingMessage): boolean;
  log: FastifyBaseLogger;
}

/**
 * Bytes SockJS holds for a connection and has not handed to the network: its send queue (polling transports
 * between requests) plus the socket's buffer (streaming and WebSocket transports). SockJS has no public API
 * for this, so it reads the session's fields; when they are missing the answer is 0 (no back-pressure).
 */
function sockJsBufferedBytes(conn: sockjs.Connection): number {
  const session = (
    conn as unknown as { _session?: { send_buffer?: string[]; recv?: Record<string, any> | null } }
  )._session;
  if (!session) return 0;
  let bytes = 0;
  for (const m of session.send_buffer ?? []) bytes += m.length;
  const recv = session.recv;
  const socket = recv?.connection ?? recv?.response?.socket;
  if (socket && typeof socket.writableLength === 'number') bytes += socket.writableLength;
  return bytes;
}

/** Transports we do not serve: the iframe page, JSONP polling and sending, htmlfile (SockJS allows a final `/`). */
const REFUSED_TRANSPORTS = /\/(iframe[^/]*\.html|jsonp|jsonp_send|htmlfile)\/?$/;
const XHR_SEND = /\/xhr_send\/?$/;

/**
 * STOMP over SockJS (`/ws/info`, `/ws/{server}/{session}/{transport}`, `/ws/websocket`). SockJS installs
 * itself in front of the HTTP server's `request` and `upgrade` listeners and passes every other path on, so
 * Fastify keeps the rest. Guards sit in front of SockJS: a page of a foreign origin is refused (403); the
 * iframe transports are refused (they load a script from a CDN and no current browser needs them), and so are
 * JSONP and htmlfile (script-callback transports that cross origins by design); request bodies of `xhr_send`
 * are capped (SockJS buffers them whole). SockJS's CORS answers are off (`disable_cors`): it would echo any
 * Origin with credentials allowed, and our own pages are same-origin.
 */
export function installSockJs(server: Server, broker: StompBroker, options: SockJsOptions) {
  const connections = new Set<sockjs.Connection>();
  const sjs = sockjs.createServer({
    prefix: options.prefix,
    log: (severity: string, line: string) => {
      if (severity === 'error') options.log.warn({ sockjs: line }, 'sockjs error');
    },
    disconnect_delay: 5_000,
    heartbeat_delay: 25_000,
    faye_server_options: { maxLength: options.maxMessageBytes },
    disable_cors: true,
  } as sockjs.ServerOptions);

  sjs.on('connection', (conn: sockjs.Connection | null) => {
    // SockJS emits null for a session that closed before it opened.
    if (!conn) return;
    connections.add(conn);
    const connection = broker.open({
      send: (data) => void conn.write(data),
      close: () => conn.close(),
      bufferedBytes: () => sockJsBufferedBytes(conn),
    });
    conn.on('data', (message: string) => connection.receive(message));
    conn.on('close', () => {
      connections.delete(conn);
      connection.closed();
    });
  });
  sjs.installHandlers(server, { prefix: options.prefix });

  const sockJsListeners = server.listeners('request').slice() as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  server.removeAllListeners('request');
  const prefixSlash = `${options.prefix}/`;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const pathname = (req.url ?? '').split('?')[0] ?? '';
    if ((pathname.startsWith(prefixSlash) || pathname === options.prefix) && !guard(req, res, pathname))
      return;
    for (const listener of sockJsListeners) listener.call(server, req, res);
  });

  function guard(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    if (!options.allowOrigin(req)) {
      const body = { exceptionName: 'ForbiddenException', message: ko.realtime.originForbidden, details: {} };
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      return false;
    }
    if (REFUSED_TRANSPORTS.test(pathname)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('404 Error: Page not found\n');
      return false;
    }
    if (req.method !== 'POST' || !XHR_SEND.test(pathname)) return true;
    const declared = Number(req.headers['content-length'] ?? 0);
    const tooLarge = () => {
      if (!res.headersSent)
        res
          .writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
          .end('Payload too large\n');
      req.destroy();
    };
    if (declared > options.maxMessageBytes) {
      tooLarge();
      return false;
    }
    // Chunked bodies carry no length: count as they arrive. SockJS attaches its own reader in the same tick.
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > options.maxMessageBytes) tooLarge();
    });
    return true;
  }

  return {
    close(): void {
      for (const conn of [...connections]) conn.close();
    },
  };
}
