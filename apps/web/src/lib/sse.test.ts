import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventStream, retryDelay, type EventStreamOptions, type EventStreamState } from '@/lib/sse';

/** One scripted answer of the fake server: its status, content type, and a body the test writes to. */
interface FakeStream {
  status: number;
  contentType: string;
  push(text: string): void;
  end(): void;
}

interface FakeCall {
  url: string;
  authorization: string | null;
  signal: AbortSignal;
  stream: FakeStream;
}

/** A fetch that answers each call with the next scripted stream (200 event-stream by default). */
function fakeServer() {
  const calls: FakeCall[] = [];
  const script: { status: number; contentType: string }[] = [];
  const encoder = new TextEncoder();

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = script.shift() ?? { status: 200, contentType: 'text/event-stream; charset=utf-8' };
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const signal = init!.signal!;
    signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    const stream: FakeStream = {
      ...answer,
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    };
    const headers = new Headers(init?.headers);
    calls.push({ url: String(input), authorization: headers.get('authorization'), signal, stream });
    return new Response(body, { status: answer.status, headers: { 'content-type': answer.contentType } });
  });

  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    /** The next call answers with this status and content type. */
    answerNext(status: number, contentType = 'application/json') {
      script.push({ status, contentType });
    },
    last: () => calls[calls.length - 1]!,
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(overrides: Partial<EventStreamOptions> = {}) {
  const server = fakeServer();
  const states: EventStreamState[] = [];
  let token: string | null = 'token-1';
  const refreshAccessToken = vi.fn(async () => {
    token = 'token-2';
    return token;
  });
  const stream = createEventStream({
    url: '/api/sse',
    getAccessToken: () => token,
    refreshAccessToken,
    fetch: server.fetch,
    random: () => 0,
    onStateChange: (s) => states.push(s),
    ...overrides,
  });
  return {
    server,
    stream,
    states,
    refreshAccessToken,
    setToken: (next: string | null) => {
      token = next;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retryDelay', () => {
  it('doubles from 1 s and stops at 18,000,000 ms, spreading by up to half', () => {
    expect(retryDelay(0, 1000, 18_000_000, () => 0)).toBe(1000);
    expect(retryDelay(1, 1000, 18_000_000, () => 0)).toBe(2000);
    expect(retryDelay(3, 1000, 18_000_000, () => 0.999)).toBe(11_996);
    expect(retryDelay(50, 1000, 18_000_000, () => 0.999)).toBe(18_000_000);
  });
});

describe('event stream client', () => {
  it('goes idle → connecting → connected with the Bearer token and delivers parsed events', async () => {
    const { server, stream, states } = setup();
    const received: unknown[] = [];
    stream.subscribe('notifications', (data) => received.push(data));
    expect(stream.state).toBe('idle');

    stream.connect();
    expect(stream.state).toBe('connecting');
    await flush();
    expect(stream.state).toBe('connected');
    expect(server.last().url).toBe('/api/sse');
    expect(server.last().authorization).toBe('Bearer token-1');

    server
      .last()
      .stream.push(': connected\n\nevent: notifications\nid: n1\ndata: {"id":"n1","title":"새 팔로워"}\n\n');
    server.last().stream.push('event: notifications\nid: n2\ndata: plain text\n\n');
    await flush();
    expect(received).toEqual([{ id: 'n1', title: '새 팔로워' }, 'plain text']);
    expect(stream.lastEventId).toBe('n2');
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('does not connect without a token', async () => {
    const { server, stream, setToken } = setup();
    setToken(null);
    stream.connect();
    await flush();
    expect(server.calls).toHaveLength(0);
    expect(stream.state).toBe('idle');
  });

  it('reconnects with lastEventId as a query parameter and the current token, so missed events are replayed', async () => {
    const { server, stream, setToken, states } = setup();
    stream.connect();
    await flush();
    server.last().stream.push('event: notifications\nid: 0196f0c2-aaaa-7000-8000-000000000001\ndata: {}\n\n');
    await flush();
    setToken('token-after-refresh');
    server.last().stream.end();
    await flush();
    expect(stream.state).toBe('disconnected');

    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls).toHaveLength(2);
    expect(server.last().url).toBe('/api/sse?lastEventId=0196f0c2-aaaa-7000-8000-000000000001');
    expect(server.last().authorization).toBe('Bearer token-after-refresh');
    expect(stream.state).toBe('connected');
    expect(states).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected']);
  });

  it('aborts on a non-200 status or a non-event-stream content type and backs off', async () => {
    const { server, stream } = setup();
    server.answerNext(503);
    server.answerNext(200, 'text/html');
    stream.connect();
    await flush();
    expect(stream.state).toBe('disconnected');
    expect(server.calls[0]!.signal.aborted).toBe(true);

    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    expect(stream.state).toBe('disconnected');
    expect(server.calls[1]!.signal.aborted).toBe(true);

    // Second failure in a row: twice the wait.
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(3);
    expect(stream.state).toBe('connected');
    expect(console.error).toHaveBeenCalled();
  });

  it('refreshes the session once on a 401 and retries at once with the new token', async () => {
    const { server, stream, refreshAccessToken } = setup();
    server.answerNext(401);
    server.answerNext(401);
    stream.connect();
    await flush();
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]!.authorization).toBe('Bearer token-2');

    // A 401 right after a refresh is not refreshed again: it backs off like any failure.
    expect(stream.state).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(server.calls).toHaveLength(3);
    expect(stream.state).toBe('connected');
  });

  it('drops a stream that stays silent for 45 s, heartbeat comments keeping it alive', async () => {
    const { server, stream } = setup();
    stream.connect();
    await flush();
    await vi.advanceTimersByTimeAsync(40_000);
    server.last().stream.push(':\n\n');
    await flush();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(stream.state).toBe('connected');
    expect(server.calls).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(stream.state).toBe('disconnected');
    expect(server.calls[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls).toHaveLength(2);
  });

  it('ignores a second subscription to the same event name', async () => {
    const { server, stream } = setup();
    const first = vi.fn();
    const second = vi.fn();
    stream.subscribe('notifications', first);
    const noop = stream.subscribe('notifications', second);
    stream.connect();
    await flush();
    server.last().stream.push('event: notifications\nid: n1\ndata: {}\n\n');
    await flush();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    // The ignored subscription's unsubscribe leaves the first one in place.
    noop();
    server.last().stream.push('event: notifications\nid: n2\ndata: {}\n\n');
    await flush();
    expect(first).toHaveBeenCalledTimes(2);
  });

  it('disconnect aborts the stream, returns to idle and stops retrying', async () => {
    const { server, stream } = setup();
    stream.connect();
    await flush();
    stream.disconnect();
    await flush();
    expect(stream.state).toBe('idle');
    expect(server.last().signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
  });
});
