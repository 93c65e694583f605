import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { SSE_HEARTBEAT_MS } from '@otboo/contract';

export interface SseOptions {
  /** A comment line goes out this often so clients and proxies see a live stream. */
  heartbeatMs: number;
  /** Bytes a client may leave unread; beyond it the connection is dropped (it reconnects and replays). */
  maxBufferedBytes: number;
}

export const DEFAULT_SSE_OPTIONS: SseOptions = {
  heartbeatMs: SSE_HEARTBEAT_MS,
  maxBufferedBytes: 256 * 1024,
};

export interface SseEvent {
  event?: string;
  id?: string;
  data: string;
}

export interface SseStream {
  /** False once the stream is closed (or was just dropped for not reading). */
  send(event: SseEvent): boolean;
  /** Resolves when the client has caught up (or the stream closed): for long replays. */
  drained(): Promise<void>;
  /** Ends the response normally; the client reconnects with its last event id. */
  end(): void;
  readonly closed: boolean;
  onClose(listener: () => void): void;
}

/** Heart-beat timers of open streams in this process (leak checks). */
let heartbeatTimers = 0;
export const sseHeartbeatTimers = () => heartbeatTimers;

/** One event in the text/event-stream format; multi-line data becomes several `data:` lines. */
export function formatSseEvent(event: SseEvent): string {
  let out = '';
  if (event.event) out += `event: ${event.event}\n`;
  if (event.id) out += `id: ${event.id}\n`;
  for (const line of event.data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

/**
 * Starts a text/event-stream response. The body is a stream handed to `reply.send`, so the response goes
 * through Fastify's normal path and keeps every header hooks set (helmet and the like), which writing to a
 * hijacked `reply.raw` would lose. A comment goes out at once (flushing the headers) and then every
 * `heartbeatMs`.
 */
export function openSseStream(reply: FastifyReply, options: SseOptions): SseStream {
  const body = new PassThrough({ highWaterMark: 16 * 1024 });
  const listeners: (() => void)[] = [];
  let closed = false;

  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    // nginx and similar proxies would otherwise buffer the stream.
    .header('x-accel-buffering', 'no');
  void reply.send(body);

  const heartbeat = setInterval(() => write(':\n\n'), options.heartbeatMs);
  heartbeatTimers++;
  body.on('close', finish);

  function buffered(): number {
    return body.writableLength + body.readableLength + reply.raw.writableLength;
  }

  function write(text: string): boolean {
    if (closed) return false;
    body.write(text);
    if (buffered() > options.maxBufferedBytes) {
      // Dropping the socket also ends the body stream (Fastify destroys it), which runs `finish`.
      reply.raw.destroy();
      finish();
      return false;
    }
    return true;
  }

  function finish(): void {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    heartbeatTimers--;
    for (const listener of listeners.splice(0)) listener();
  }

  write(': connected\n\n');

  return {
    send: (event) => write(formatSseEvent(event)),
    drained() {
      if (closed || !body.writableNeedDrain) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          body.off('drain', done);
          body.off('close', done);
          resolve();
        };
        body.on('drain', done);
        body.on('close', done);
      });
    },
    end() {
      if (closed) return;
      body.end();
      finish();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}
