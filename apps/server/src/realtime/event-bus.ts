import { EventEmitter } from 'node:events';

export type BusHandler = (payload: unknown) => void;

/**
 * Fan-out of real-time events to every instance (and every subscriber in this one). Payloads are JSON
 * values; delivery is at-most-once, so anything that must not be lost is stored before it is published.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, handler: BusHandler): () => void;
  close(): Promise<void>;
  /**
   * Called after the bus lost its connection and got it back: events published in between may be missing,
   * so listeners that can catch up from storage should do so. Buses that cannot lose events leave it out.
   */
  onReconnect?(listener: () => void): () => void;
}

/**
 * Largest payload every bus carries (PostgreSQL NOTIFY stops below 8000 bytes). Publishers of bigger values
 * send a reference (an id) instead and subscribers read the row back.
 */
export const MAX_BUS_PAYLOAD_BYTES = 7_900;

/** The JSON text of a payload when it fits on every bus, else null. */
export function busPayloadText(payload: unknown): string | null {
  const text = JSON.stringify(payload);
  return Buffer.byteLength(text) <= MAX_BUS_PAYLOAD_BYTES ? text : null;
}

/**
 * Keeps bus events in arrival order when some need an asynchronous step (a payload sent by reference is
 * read back from the database): while one is pending, later events wait behind it, even synchronous ones.
 * Work must handle its own errors.
 */
export function createOrderedDispatch(): (work: () => void | Promise<void>) => void {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  const settle = (p: Promise<void>) => {
    pending++;
    tail = p.catch(() => {}).finally(() => void pending--);
  };
  return (work) => {
    if (pending > 0) return settle(tail.then(work));
    const result = work();
    if (result instanceof Promise) settle(result);
  };
}

/**
 * Delivers one received message (JSON text) to a channel's handlers; shared by the network buses. A bad
 * payload or a throwing handler is logged and never stops the others.
 */
export function dispatchToHandlers(
  handlers: ReadonlyMap<string, ReadonlySet<BusHandler>>,
  channel: string,
  text: string,
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
): void {
  const set = handlers.get(channel);
  if (!set || set.size === 0) return;
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    log.warn({ channel }, 'event bus: payload is not JSON');
    return;
  }
  for (const handler of [...set]) {
    try {
      handler(payload);
    } catch (err) {
      log.error({ err, channel }, 'event bus handler failed');
    }
  }
}

/** Channels used across domains. */
export const BUS_CHANNELS = {
  notification: 'otboo_notification',
  directMessage: 'otboo_direct_message',
  /** Session states to forget (lock, role change, sign-out, password change). */
  session: 'otboo_session',
} as const;

/** One process only: the embedded database cannot be shared between processes anyway. */
export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      // Copy like a network hop would, so no subscriber can mutate another's payload.
      const copy: unknown = JSON.parse(JSON.stringify(payload));
      queueMicrotask(() => emitter.emit(channel, copy));
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
