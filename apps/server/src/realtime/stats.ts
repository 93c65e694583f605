import type { BrokerStats } from './stomp/broker.js';

/** Open real-time connections of one instance: for leak checks in tests and for operators. */
export interface RealtimeStats {
  stomp: BrokerStats;
  sse: { users: number; streams: number; heartbeatTimers: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    realtimeStats(): RealtimeStats;
  }
}
