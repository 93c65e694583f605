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
}

/** Channels used across domains. */
export const BUS_CHANNELS = {
  notification: 'otboo_notification',
  directMessage: 'otboo_direct_message',
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
