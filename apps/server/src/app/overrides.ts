import type { Database } from '../db/client.js';
import type { Storage } from '../adapters/storage/storage.js';
import type { Connector } from '../adapters/page-fetcher/page-fetcher.js';
import type { EventBus } from '../realtime/event-bus.js';
import type { SseOptions } from '../realtime/sse.js';
import type { BrokerOptions } from '../realtime/stomp/broker.js';
import type { PushTuning } from '../domains/push/index.js';
import type { MorningOutfitTuning } from '../domains/notification-settings/index.js';
import type { LogStream } from './logger-options.js';

/** Replaceable parts; tests pass a database made from a migrated template. */
export interface AppOverrides {
  /** A database the caller owns (and closes). */
  database?: Database;
  /** The configured database, already being opened (server.ts starts it early); the app owns and closes it. */
  openingDatabase?: Promise<Database>;
  storage?: Storage;
  bus?: EventBus;
  /** Where log lines go instead of stdout (tests read what would be logged). */
  logStream?: LogStream;
  /** Link import's socket opener (tests keep every connection on loopback even with the address check off). */
  pageConnector?: Connector;
  /** Real-time tuning (tests shorten heart-beats and buffers). */
  realtime?: { sse?: Partial<SseOptions>; stomp?: Partial<BrokerOptions> };
  push?: PushTuning;
  morningOutfit?: MorningOutfitTuning;
}
