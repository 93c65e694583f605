import fp from 'fastify-plugin';
import { WS_PATH } from '@otboo/contract';
import type { SessionBoundConnections, SessionGuard } from './session-guard.js';
import { sseHeartbeatTimers } from './sse.js';
import type { RealtimeStats } from './stats.js';
import {
  createStompBroker,
  type BrokerDeps,
  type BrokerOptions,
  type DestinationPolicy,
} from './stomp/broker.js';
import { installStompEndpoints } from './stomp/endpoints.js';
import { createOriginCheck, type OriginPolicy } from './stomp/origin.js';

export interface RealtimeOptions {
  /** Ends open connections with their session (sign-out, lock, role or password change). */
  sessions: SessionGuard;
  /** Checks a STOMP CONNECT's access token. */
  authenticate: BrokerDeps['authenticate'];
  /** Where STOMP clients may subscribe and what a SEND does (direct messages, within the write budgets). */
  policy: DestinationPolicy;
  /** Hands every message published to a topic, on any instance, to `deliver`; returns its unsubscribe. */
  relay(deliver: (topic: string, message: unknown) => void): () => void;
  /** The SSE notification streams (their routes are the notifications domain's). */
  notifications: SessionBoundConnections & {
    stats(): { users: number; streams: number };
    close(): void;
  };
  /** Which browser origins may open `/ws`. */
  origins: OriginPolicy;
  /** Broker tuning (tests shorten heart-beats and buffers). */
  stomp?: Partial<BrokerOptions> | undefined;
}

/**
 * Real time on the app's own port (docs/api.md §6–7): the STOMP broker beside Fastify (SockJS under `/ws/…`,
 * raw WebSocket at `/ws`, see stomp/endpoints.ts), topic messages relayed from the bus to its subscribers,
 * STOMP connections and SSE streams ended with their session, `app.realtimeStats()`, and everything closed when
 * the app closes (preClose: long-lived connections would hold the close up otherwise).
 */
export default fp<RealtimeOptions>(
  async (app, options) => {
    const { sessions, notifications } = options;
    const broker = createStompBroker({
      authenticate: options.authenticate,
      admit: sessions.admit,
      policy: options.policy,
      log: app.log,
      options: options.stomp,
    });
    sessions.watch(broker);
    sessions.watch(notifications);
    const stopRelay = options.relay((topic, message) => broker.deliver(topic, JSON.stringify(message)));
    app.decorate('realtimeStats', (): RealtimeStats => ({
      stomp: broker.stats(),
      sse: { ...notifications.stats(), heartbeatTimers: sseHeartbeatTimers() },
    }));
    const stomp = installStompEndpoints(app.server, broker, {
      path: WS_PATH,
      allowOrigin: createOriginCheck(options.origins),
      log: app.log,
    });
    app.addHook('preClose', (done) => {
      stopRelay();
      sessions.close();
      stomp.close();
      broker.close();
      notifications.close();
      done();
    });
  },
  { name: 'realtime' },
);
