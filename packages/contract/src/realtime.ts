import { z } from 'zod';
import { Id, optionalParam } from './common.js';

/** `GET /api/sse` query: reconnects carry the last event id (docs/api.md §7); the header form is accepted too. */
export const SseQuery = z.object({ lastEventId: optionalParam(Id) });

/** SSE event carrying a `NotificationDto` (docs/api.md §7). */
export const SSE_NOTIFICATION_EVENT = 'notifications';
/** The server writes a comment line at least this often. */
export const SSE_HEARTBEAT_MS = 25_000;
/** The client gives up after this much silence (docs/product.md §9). */
export const SSE_CLIENT_HEARTBEAT_TIMEOUT_MS = 45_000;
export const SSE_RETRY_MIN_MS = 1_000;
export const SSE_RETRY_MAX_MS = 18_000_000;

export const WS_PATH = '/ws';
export const STOMP_RECONNECT_DELAY_MS = 5_000;
export const STOMP_HEARTBEAT_MS = 4_000;
export const DM_SEND_DESTINATION = '/pub/direct-messages_send';
const DM_TOPIC_PREFIX = '/sub/direct-messages_';

/** Topic of the conversation between two users: ids ordered by string comparison. */
export function directMessageTopic(a: string, b: string): string {
  const [first, second] = a < b ? [a, b] : [b, a];
  return `${DM_TOPIC_PREFIX}${first}_${second}`;
}

/** The two user ids of a conversation topic, or null when the destination is not one. */
export function parseDirectMessageTopic(destination: string): [string, string] | null {
  if (!destination.startsWith(DM_TOPIC_PREFIX)) return null;
  const rest = destination.slice(DM_TOPIC_PREFIX.length);
  const m = /^([0-9a-f-]{36})_([0-9a-f-]{36})$/.exec(rest);
  if (!m || !m[1] || !m[2] || !(m[1] < m[2])) return null;
  return [m[1], m[2]];
}
