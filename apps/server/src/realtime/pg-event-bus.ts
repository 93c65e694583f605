import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { dispatchToHandlers, type BusHandler, type EventBus } from './event-bus.js';

export interface PgEventBusOptions {
  url: string;
  /** Publishing goes through the app's pool; listening needs a connection of its own. */
  pool: pg.Pool;
  log: FastifyBaseLogger;
  reconnectDelayMs?: { min: number; max: number };
}

/** PostgreSQL rejects NOTIFY payloads of 8000 bytes or more. */
const NOTIFY_LIMIT_BYTES = 7_999;
const MAX_BATCH = 500;

interface Pending {
  channel: string;
  text: string;
  resolve(): void;
  reject(err: unknown): void;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Event bus over PostgreSQL LISTEN/NOTIFY: every instance on the same database hears every event, its own
 * included. One dedicated client listens and reconnects with back-off after an error; publishes queued in the
 * same tick go out as one statement (`pg_notify` over `unnest`), in order.
 */
export async function createPgEventBus(options: PgEventBusOptions): Promise<EventBus> {
  const { log } = options;
  const delays = options.reconnectDelayMs ?? { min: 250, max: 5_000 };
  const handlers = new Map<string, Set<BusHandler>>();
  const reconnectListeners = new Set<() => void>();
  let current: pg.Client | null = null;
  let closing = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = delays.min;
  const queue: Pending[] = [];
  let flushing: Promise<void> | null = null;
  // LISTEN/UNLISTEN on the listening client one at a time: a pg client must not run two queries at once.
  let control: Promise<unknown> = Promise.resolve();

  function listenStatement(sql: string, onError: (err: unknown) => void): void {
    control = control.then(() => current?.query(sql)).catch(onError);
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: options.url });
    current = client;
    client.on('notification', (msg) => {
      if (msg.payload !== undefined) dispatchToHandlers(handlers, msg.channel, msg.payload, log);
    });
    client.on('error', (err) => {
      log.warn({ err }, 'event bus: listening connection failed');
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      lost(client);
      throw err;
    }
  }

  function lost(client: pg.Client): void {
    if (current !== client) return;
    current = null;
    client.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closing || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          delay = delays.min;
          log.info('event bus: listening again');
          for (const listener of [...reconnectListeners]) listener();
        },
        () => {
          delay = Math.min(delay * 2, delays.max);
          scheduleReconnect();
        },
      );
    }, delay);
  }

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        await options.pool.query('select pg_notify(c, p) from unnest($1::text[], $2::text[]) as t(c, p)', [
          batch.map((b) => b.channel),
          batch.map((b) => b.text),
        ]);
        for (const b of batch) b.resolve();
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
  }

  function scheduleFlush(): void {
    if (flushing) return;
    flushing = new Promise<void>((resolve) => setImmediate(resolve)).then(flush).finally(() => {
      flushing = null;
      if (queue.length > 0) scheduleFlush();
    });
  }

  await connect();

  return {
    publish(channel, payload) {
      const text = JSON.stringify(payload);
      if (Buffer.byteLength(text) > NOTIFY_LIMIT_BYTES) {
        return Promise.reject(
          new Error(`event bus payload on ${channel} exceeds ${NOTIFY_LIMIT_BYTES} bytes`),
        );
      }
      return new Promise<void>((resolve, reject) => {
        queue.push({ channel, text, resolve, reject });
        scheduleFlush();
      });
    },
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        handlers.set(channel, (set = new Set()));
        listenStatement(`LISTEN ${quoteIdent(channel)}`, (err) =>
          log.warn({ err, channel }, 'event bus: LISTEN failed'),
        );
      }
      set.add(handler);
      return () => {
        const s = handlers.get(channel);
        if (!s?.delete(handler) || s.size > 0) return;
        handlers.delete(channel);
        listenStatement(`UNLISTEN ${quoteIdent(channel)}`, () => {});
      };
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    async close() {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      while (flushing) await flushing;
      await control;
      const client = current;
      current = null;
      handlers.clear();
      reconnectListeners.clear();
      await client?.end().catch(() => {});
    },
  };
}
