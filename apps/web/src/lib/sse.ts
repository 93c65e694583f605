import {
  EventStreamContentType,
  fetchEventSource,
  type EventSourceMessage,
} from '@microsoft/fetch-event-source';
import { SSE_CLIENT_HEARTBEAT_TIMEOUT_MS, SSE_RETRY_MAX_MS, SSE_RETRY_MIN_MS } from '@otboo/contract';
import { parsePayload } from '@/utils/parse-payload';

/** Spec §4 "Real-time": idle → connecting → connected; any failure → disconnected (and a retry is scheduled). */
export type EventStreamState = 'idle' | 'connecting' | 'connected' | 'disconnected';

/** The session as the stream needs it, injected so that this module never imports app state. */
export interface EventStreamAuth {
  /** The current access token, read again for every connection attempt; null when signed out. */
  getAccessToken(): string | null;
  /** Renews the session after a 401; resolves to the new token, or null when the session is gone. */
  refreshAccessToken(): Promise<string | null>;
}

export interface EventStreamOptions extends EventStreamAuth {
  /** `/api/sse` */
  url: string;
  /** Silence (not even a heartbeat comment) for this long drops the connection. */
  heartbeatTimeoutMs?: number;
  minRetryMs?: number;
  maxRetryMs?: number;
  /** Tests pass a fake; the browser's fetch otherwise. */
  fetch?: typeof fetch;
  /** 0 ≤ x < 1; spreads reconnects of many clients after a server restart. */
  random?: () => number;
  onStateChange?(state: EventStreamState): void;
}

export type EventHandler = (data: unknown, meta: { id: string }) => void;

export interface EventStream {
  readonly state: EventStreamState;
  /** The id of the last event received; sent back as `?lastEventId=` so that missed events are replayed. */
  readonly lastEventId: string | null;
  /** Opens the stream (and keeps it open) when a token exists; does nothing when already running. */
  connect(): void;
  /** Closes the stream and stops retrying. */
  disconnect(): void;
  /** Listens for one event name; a second subscription to the same name is ignored (docs/product.md §4). */
  subscribe(event: string, handler: EventHandler): () => void;
}

class StreamStatusError extends Error {
  constructor(readonly status: number) {
    super(`event stream answered ${status}`);
  }
}

class StreamContentTypeError extends Error {
  constructor(contentType: string) {
    super(`event stream answered with content type '${contentType}'`);
  }
}

class StreamEndedError extends Error {
  constructor() {
    super('event stream ended by the server');
  }
}

class HeartbeatTimeoutError extends Error {
  constructor(ms: number) {
    super(`event stream silent for ${ms} ms`);
  }
}

/** The wait before reconnect attempt `failures` (0-based): doubling from the minimum, capped, with up to +50 % spread. */
export function retryDelay(
  failures: number,
  minMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const base = Math.min(maxMs, minMs * 2 ** Math.min(failures, 40));
  return Math.min(maxMs, Math.round(base * (1 + random() * 0.5)));
}

/**
 * An SSE client that sends the Bearer header (EventSource cannot), built on fetch-event-source but with
 * its own reconnect loop: every attempt reads the current token and carries `lastEventId` as a query
 * parameter (docs/api.md §7), which the library's own retries (fixed headers, a `Last-Event-ID` header) would not.
 * A 401 triggers one session refresh and an immediate retry; other failures back off from 1 s to 5 h.
 * Errors are logged only (docs/product.md §8).
 */
export function createEventStream(options: EventStreamOptions): EventStream {
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? SSE_CLIENT_HEARTBEAT_TIMEOUT_MS;
  const minRetryMs = options.minRetryMs ?? SSE_RETRY_MIN_MS;
  const maxRetryMs = options.maxRetryMs ?? SSE_RETRY_MAX_MS;
  const handlers = new Map<string, EventHandler>();

  let state: EventStreamState = 'idle';
  let lastEventId: string | null = null;
  let running = false;
  let attempt: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeatTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  // One refresh per run of 401s: a token that fails right after a refresh is not refreshed again.
  let refreshedForAuth = false;

  function setState(next: EventStreamState): void {
    if (state === next) return;
    state = next;
    options.onStateChange?.(next);
  }

  function clearTimers(): void {
    if (retryTimer) clearTimeout(retryTimer);
    if (heartbeatTimer) clearTimeout(heartbeatTimer);
    retryTimer = null;
    heartbeatTimer = null;
  }

  function streamUrl(): string {
    if (!lastEventId) return options.url;
    return `${options.url}${options.url.includes('?') ? '&' : '?'}${new URLSearchParams({ lastEventId })}`;
  }

  function armHeartbeat(controller: AbortController): void {
    if (heartbeatTimer) clearTimeout(heartbeatTimer);
    heartbeatTimer = setTimeout(() => {
      if (controller === attempt) fail(controller, new HeartbeatTimeoutError(heartbeatTimeoutMs));
    }, heartbeatTimeoutMs);
  }

  function dispatch(message: EventSourceMessage): void {
    const handler = handlers.get(message.event || 'message');
    if (!handler) return;
    try {
      handler(parsePayload(message.data), { id: message.id });
    } catch (error) {
      // A listener's bug must not tear the stream down.
      console.error(error);
    }
  }

  function open(): void {
    clearTimers();
    const token = options.getAccessToken();
    if (!token) {
      running = false;
      setState('idle');
      return;
    }
    const controller = new AbortController();
    attempt = controller;
    setState('connecting');
    fetchEventSource(streamUrl(), {
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'include',
      signal: controller.signal,
      // Kept open in background tabs: notifications still count there, and our loop owns reconnects.
      openWhenHidden: true,
      fetch: options.fetch,
      async onopen(response) {
        if (response.status !== 200) throw new StreamStatusError(response.status);
        const type = response.headers.get('content-type') ?? '';
        if (!type.startsWith(EventStreamContentType)) throw new StreamContentTypeError(type);
        if (controller !== attempt) return;
        failures = 0;
        refreshedForAuth = false;
        setState('connected');
        armHeartbeat(controller);
      },
      onmessage(message) {
        if (controller !== attempt) return;
        // Heartbeat comments arrive here too, as empty messages: any line proves the stream alive.
        armHeartbeat(controller);
        if (message.id) lastEventId = message.id;
        if (message.event || message.data) dispatch(message);
      },
      onclose() {
        throw new StreamEndedError();
      },
      onerror(error) {
        // Rethrowing stops the library's retries; ours read a fresh token and the last event id.
        throw error;
      },
    }).then(
      // Resolves only after an abort: disconnect() or the heartbeat watchdog, both handled already.
      () => undefined,
      (error: unknown) => {
        if (controller === attempt) fail(controller, error);
      },
    );
  }

  function fail(controller: AbortController, error: unknown): void {
    attempt = null;
    controller.abort();
    clearTimers();
    setState('disconnected');
    if (!running) return;
    if (error instanceof StreamEndedError) console.warn(error.message);
    else console.error(error);

    if (error instanceof StreamStatusError && error.status === 401 && !refreshedForAuth) {
      refreshedForAuth = true;
      const retry = () => {
        if (running && !attempt) open();
      };
      options.refreshAccessToken().then(
        // Without a token the session ended: open() then stops; a failed refresh backs off like any failure.
        (token) => (token ? retry() : scheduleRetry()),
        (refreshError: unknown) => {
          console.error(refreshError);
          scheduleRetry();
        },
      );
      return;
    }
    // The server refuses a last event id it cannot read; the next attempt starts live instead of failing forever.
    if (error instanceof StreamStatusError && error.status === 400) lastEventId = null;
    scheduleRetry();
  }

  function scheduleRetry(): void {
    if (!running || attempt) return;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(open, retryDelay(failures++, minRetryMs, maxRetryMs, options.random));
  }

  return {
    get state() {
      return state;
    },
    get lastEventId() {
      return lastEventId;
    },
    connect() {
      if (running) return;
      running = true;
      failures = 0;
      refreshedForAuth = false;
      open();
    },
    disconnect() {
      running = false;
      clearTimers();
      const current = attempt;
      attempt = null;
      current?.abort();
      setState('idle');
    },
    subscribe(event, handler) {
      if (handlers.has(event)) {
        console.warn(`event stream: '${event}' already has a subscriber; the second subscription is ignored`);
        return () => undefined;
      }
      handlers.set(event, handler);
      return () => {
        if (handlers.get(event) === handler) handlers.delete(event);
      };
    },
  };
}
