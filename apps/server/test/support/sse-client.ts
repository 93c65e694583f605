import { request as httpRequest, type IncomingMessage, type ClientRequest } from 'node:http';

/** One dispatched SSE message (`event`, `id`, `data`) or a comment line, with when it arrived. */
export interface SseMessage {
  event: string;
  id: string | undefined;
  data: string;
  at: number;
}

export interface SseConnection {
  status: number;
  headers: IncomingMessage['headers'];
  /** Body text of a non-stream answer (an error body), once the response ended. */
  text: Promise<string>;
  events: SseMessage[];
  comments: { text: string; at: number }[];
  /** Resolves when `count` events of that name have arrived (default: `notifications`). */
  waitForEvents(count: number, options?: { event?: string; timeoutMs?: number }): Promise<SseMessage[]>;
  waitForComments(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export interface SseOpenOptions {
  token?: string;
  lastEventId?: string;
  headers?: Record<string, string>;
}

/**
 * A real HTTP client for `GET /api/sse` that parses the text/event-stream body as a browser does
 * (blank line dispatches; lines starting with `:` are comments).
 */
export function openSse(baseUrl: string, options: SseOpenOptions = {}): Promise<SseConnection> {
  const url = new URL('/api/sse', baseUrl);
  if (options.lastEventId !== undefined) url.searchParams.set('lastEventId', options.lastEventId);
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;

  return new Promise((resolve, reject) => {
    const req: ClientRequest = httpRequest(url, { headers });
    req.on('error', reject);
    req.on('response', (res) => {
      const events: SseMessage[] = [];
      const comments: { text: string; at: number }[] = [];
      const waiters = new Set<() => void>();
      const notify = () => {
        for (const w of [...waiters]) w();
      };
      let buffer = '';
      let body = '';
      let current: { event?: string; id?: string; data: string[] } = { data: [] };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) !== -1) {
          const line = buffer.slice(0, nl).replace(/\r$/, '');
          buffer = buffer.slice(nl + 1);
          if (line === '') {
            if (current.data.length > 0) {
              events.push({
                event: current.event ?? 'message',
                id: current.id,
                data: current.data.join('\n'),
                at: Date.now(),
              });
            }
            current = { data: [] };
          } else if (line.startsWith(':')) {
            comments.push({ text: line.slice(1).trim(), at: Date.now() });
          } else {
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') current.event = value;
            else if (field === 'id') current.id = value;
            else if (field === 'data') current.data.push(value);
          }
        }
        notify();
      });
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      });
      void ended.then(notify);
      let isEnded = false;
      void ended.then(() => (isEnded = true));

      const waitUntil = (check: () => boolean, timeoutMs: number, what: string) =>
        new Promise<void>((ok, fail) => {
          if (check()) return ok();
          const timer = setTimeout(() => {
            waiters.delete(waiter);
            fail(
              new Error(
                `timed out waiting for ${what}; got ${events.length} events, ${comments.length} comments`,
              ),
            );
          }, timeoutMs);
          const waiter = () => {
            if (check()) {
              clearTimeout(timer);
              waiters.delete(waiter);
              ok();
            } else if (isEnded) {
              clearTimeout(timer);
              waiters.delete(waiter);
              fail(new Error(`stream ended while waiting for ${what}; got ${events.length} events`));
            }
          };
          waiters.add(waiter);
        });

      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: ended.then(() => body),
        events,
        comments,
        async waitForEvents(count, opts = {}) {
          const name = opts.event ?? 'notifications';
          const matching = () => events.filter((e) => e.event === name);
          await waitUntil(
            () => matching().length >= count,
            opts.timeoutMs ?? 5_000,
            `${count} "${name}" events`,
          );
          return matching();
        },
        waitForComments(count, timeoutMs = 5_000) {
          return waitUntil(() => comments.length >= count, timeoutMs, `${count} comments`);
        },
        ended,
        close() {
          req.destroy();
          res.destroy();
        },
      });
    });
    req.end();
  });
}

/** Parsed `data` of the `notifications` events. */
export function notificationsOf(conn: SseConnection): any[] {
  return conn.events.filter((e) => e.event === 'notifications').map((e) => JSON.parse(e.data));
}
