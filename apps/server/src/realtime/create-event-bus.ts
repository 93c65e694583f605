import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { createLocalEventBus, type EventBus } from './event-bus.js';
import { createPgEventBus } from './pg-event-bus.js';

/**
 * Fan-out between instances: Redis pub/sub when configured (no payload limit, no load on the database), else
 * LISTEN/NOTIFY on the shared PostgreSQL; the embedded database means one process, so in-process.
 */
export async function createEventBus(
  redisUrl: string | undefined,
  database: Database,
  log: FastifyBaseLogger,
): Promise<EventBus> {
  if (redisUrl) {
    // ioredis loads only when configured.
    const { createRedisEventBus } = await import('./redis-event-bus.js');
    return createRedisEventBus({ url: redisUrl, log });
  }
  if (database.kind === 'postgres') return createPgEventBus({ url: database.url, pool: database.pool, log });
  return createLocalEventBus();
}
