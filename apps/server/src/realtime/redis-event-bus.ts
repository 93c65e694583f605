import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { dispatchToHandlers, type BusHandler, type EventBus } from './event-bus.js';

export interface RedisEventBusOptions {
  url: string;
  /** Keeps deployments that share one Redis apart. */
  prefix?: string;
  log: FastifyBaseLogger;
}

/**
 * Event bus over Redis pub/sub: one connection publishes, one subscribes. ioredis reconnects and subscribes
 * again on its own; reconnect listeners run once the subscriber is ready again.
 */
export async function createRedisEventBus(options: RedisEventBusOptions): Promise<EventBus> {
  const { log } = options;
  const prefix = options.prefix ?? 'otboo:';
  const handlers = new Map<string, Set<BusHandler>>();
  const reconnectListeners = new Set<() => void>();
  const redisOptions = { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true };
  const publisher = new Redis(options.url, redisOptions);
  const subscriber = new Redis(options.url, redisOptions);
  for (const client of [publisher, subscriber])
    client.on('error', (err: Error) => log.warn({ err }, 'event bus: redis error'));

  subscriber.on('message', (fullChannel: string, text: string) => {
    if (!fullChannel.startsWith(prefix)) return;
    dispatchToHandlers(handlers, fullChannel.slice(prefix.length), text, log);
  });

  await Promise.all([publisher.connect(), subscriber.connect()]);
  // Attached after the first connection: every later `ready` follows a reconnect.
  subscriber.on('ready', () => {
    log.info('event bus: redis subscriber ready again');
    for (const listener of [...reconnectListeners]) listener();
  });

  return {
    async publish(channel, payload) {
      await publisher.publish(prefix + channel, JSON.stringify(payload));
    },
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        handlers.set(channel, (set = new Set()));
        subscriber
          .subscribe(prefix + channel)
          .catch((err: unknown) => log.warn({ err, channel }, 'event bus: SUBSCRIBE failed'));
      }
      set.add(handler);
      return () => {
        const s = handlers.get(channel);
        if (!s?.delete(handler) || s.size > 0) return;
        handlers.delete(channel);
        subscriber.unsubscribe(prefix + channel).catch(() => {});
      };
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    async close() {
      handlers.clear();
      reconnectListeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
