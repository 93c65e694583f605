import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import sockjs from 'sockjs';
import { ko, type ErrorBody } from '@otboo/contract';
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

/** docs/api.md's error body for a status SockJS or its guards answer with. */
function errorBodyOf(status: number): ErrorBody {
  const [exceptionName, message] =
    status === 403
      ? ['ForbiddenException', ko.realtime.originForbidden]
      : status === 404
        ? ['NotFoundException', ko.common.notFound]
        : status === 405
          ? ['MethodNotAllowedException', ko.common.methodNotAllowed]
          : status === 413
            ? ['PayloadTooLargeException', ko.common.payloadTooLarge]
            : status < 500
              ? ['InvalidRequestException', ko.common.malformedBody]
              : ['InternalServerException', ko.common.internalError];
  return { exceptionName, message, details: {} };
}

/** The head and payload of an error answer: the error body (JSON, no-store), with any other headers given. */
function errorAnswer(status: number, headers: OutgoingHttpHeaders = {}) {
  const payload = JSON.stringify(errorBodyOf(status));
  const head: OutgoingHttpHeaders = {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
  };
  return { head, payload };
}

function sendError(res: ServerResponse, status: number, headers?: OutgoingHttpHeaders): void {
  const { head, payload } = errorAnswer(status, headers);
  res.writeHead(status, head).end(payload);
}

/** What SockJS writes with a 500 it raised itself for a bad request (`Payload expected.`, `Broken JSON encoding.`). */
const SOCKJS_OWN_FAILURE = '500 - Internal Server Error';

/**
 * SockJS writes its own errors as plain text (`404 Error: Page not found` for an unknown path, 405 with `Allow`, a
 * 500 with a short English reason for a missing or broken `xhr_send` body). On this response they go out in the
 * error body instead, SockJS's other headers kept: the head waits for the text, so that a 500 that only names a bad
 * body becomes the client's 400 and a real failure stays a 500.
 */
function answerSockJsErrorsInErrorBody(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (
    status: number,
    headers?: OutgoingHttpHeaders,
  ) => ServerResponse;
  const end = res.end.bind(res) as (payload: string) => ServerResponse;
  res.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => {
    if (status < 400) return writeHead(status, headers);
    res.end = ((text?: unknown) => {
      const badBody =
        status === 500 && typeof text === 'string' && text !== '' && text !== SOCKJS_OWN_FAILURE;
      const answer = errorAnswer(badBody ? 400 : status, headers);
      writeHead(badBody ? 400 : status, answer.head);
      return end(answer.payload);
    }) as ServerResponse['end'];
    return res;
  }) as ServerResponse['writeHead'];
}

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
    if (pathname.startsWith(prefixSlash) || pathname === options.prefix) answerSockJsErrorsInErrorBody(res);
    for (const listener of sockJsListeners) listener.call(server, req, res);
  });

  function guard(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    if (!options.allowOrigin(req)) {
      sendError(res, 403);
      return false;
    }
    if (REFUSED_TRANSPORTS.test(pathname)) {
      sendError(res, 404);
      return false;
    }
    if (req.method !== 'POST' || !XHR_SEND.test(pathname)) return true;
    const declared = Number(req.headers['content-length'] ?? 0);
    const tooLarge = () => {
      if (!res.headersSent) sendError(res, 413, { connection: 'close' });
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
