// @vitest-environment node
import type { IStompSocket } from '@stomp/stompjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@otboo/contract';
import { createStompConnection, type StompState } from '@/lib/stomp';

/** A socket that records the frames the client writes; the test plays the broker. */
class FakeSocket {
  url = '/ws';
  readyState = 0;
  binaryType = 'arraybuffer';
  sent: string[] = [];
  onopen: ((event?: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;

  send(data: string) {
    this.sent.push(data);
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code: 1000, reason: '', wasClean: true });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: string) {
    this.onmessage?.({ data: frame });
  }
  /** Frames of one command, e.g. every SUBSCRIBE. */
  frames(command: string) {
    return this.sent.filter((frame) => frame.startsWith(`${command}\n`));
  }
}

const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(token: string | null = 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig') {
  const sockets: FakeSocket[] = [];
  const states: StompState[] = [];
  const connection = createStompConnection({
    getAccessToken: () => token,
    refreshAccessToken: vi.fn(async () => token),
    webSocketFactory: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as IStompSocket;
    },
    onStateChange: (s) => states.push(s),
  });
  return { connection, sockets, states };
}

/** Opens the socket and answers CONNECT. */
async function accept(socket: FakeSocket) {
  socket.open();
  await flush();
  socket.receive('CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0');
  await flush();
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

describe('STOMP connection', () => {
  it('connects with the Bearer token and the heart-beats of docs/product.md §9, then reports connected', async () => {
    const { connection, sockets, states } = setup();
    connection.connect();
    await flush();
    expect(connection.state).toBe('connecting');
    await accept(sockets[0]!);
    const connect = sockets[0]!.frames('CONNECT')[0]!;
    expect(connect).toContain('Authorization:Bearer header.eyJleHAiOjQxMDI0NDQ4MDB9.sig');
    expect(connect).toContain('heart-beat:4000,4000');
    expect(connection.state).toBe('connected');
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('does not connect without a token', async () => {
    const { connection, sockets } = setup(null);
    connection.connect();
    await flush();
    expect(sockets).toHaveLength(0);
    expect(connection.state).toBe('closed');
  });

  it('ignores a second subscription to the same destination and delivers parsed bodies', async () => {
    const { connection, sockets } = setup();
    const first = vi.fn();
    const second = vi.fn();
    connection.connect();
    await flush();
    await accept(sockets[0]!);
    connection.subscribe('/sub/direct-messages_a_b', first);
    connection.subscribe('/sub/direct-messages_a_b', second);
    const subscribes = sockets[0]!.frames('SUBSCRIBE');
    expect(subscribes).toHaveLength(1);
    expect(subscribes[0]).toContain('destination:/sub/direct-messages_a_b');

    const id = /\nid:([^\n]+)/.exec(subscribes[0]!)![1];
    sockets[0]!.receive(
      `MESSAGE\ndestination:/sub/direct-messages_a_b\nsubscription:${id}\nmessage-id:1\n\n{"id":"m1","content":"안녕"}\0`,
    );
    sockets[0]!.receive(
      `MESSAGE\ndestination:/sub/direct-messages_a_b\nsubscription:${id}\nmessage-id:2\n\nplain\0`,
    );
    await flush();
    expect(first.mock.calls.map(([body]) => body)).toEqual([{ id: 'm1', content: '안녕' }, 'plain']);
    expect(second).not.toHaveBeenCalled();
  });

  it('logs an error and sends nothing when publishing while disconnected', async () => {
    const { connection, sockets } = setup();
    expect(connection.publish('/pub/direct-messages_send', { content: 'x' })).toBe(false);
    expect(console.error).toHaveBeenCalledTimes(1);

    connection.connect();
    await flush();
    // The socket is open but CONNECTED has not come yet: still not connected.
    sockets[0]!.open();
    await flush();
    expect(connection.publish('/pub/direct-messages_send', { content: 'x' })).toBe(false);
    expect(sockets[0]!.frames('SEND')).toHaveLength(0);
    expect(console.error).toHaveBeenCalledTimes(2);

    sockets[0]!.receive('CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0');
    await flush();
    expect(
      connection.publish('/pub/direct-messages_send', { senderId: 'a', receiverId: 'b', content: '안녕' }),
    ).toBe(true);
    const [send] = sockets[0]!.frames('SEND');
    expect(send).toContain('destination:/pub/direct-messages_send');
    expect(send).toContain('{"senderId":"a","receiverId":"b","content":"안녕"}');
  });

  it('closes on a protocol error, reconnects after 5 s with a renewed token and subscribes again', async () => {
    const { connection, sockets, states } = setup();
    connection.subscribe('/sub/topic', vi.fn());
    connection.connect();
    await flush();
    await accept(sockets[0]!);
    expect(sockets[0]!.frames('SUBSCRIBE')).toHaveLength(1);

    sockets[0]!.receive('ERROR\nmessage:bad\n\n\0');
    sockets[0]!.close();
    await flush();
    expect(connection.state).toBe('closed');

    await vi.advanceTimersByTimeAsync(4999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    await accept(sockets[1]!);
    expect(sockets[1]!.frames('SUBSCRIBE')).toHaveLength(1);
    expect(states).toEqual(['connecting', 'connected', 'closed', 'connecting', 'connected']);
  });

  it('refreshes the token before reconnecting after the server refused CONNECT', async () => {
    let token = 'header.eyJleHAiOjQxMDI0NDQ4MDB9.old';
    const sockets: FakeSocket[] = [];
    const refreshAccessToken = vi.fn(async () => (token = 'header.eyJleHAiOjQxMDI0NDQ4MDB9.new'));
    const connection = createStompConnection({
      getAccessToken: () => token,
      refreshAccessToken,
      webSocketFactory: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as IStompSocket;
      },
    });
    connection.connect();
    await flush();
    sockets[0]!.open();
    await flush();
    sockets[0]!.receive('ERROR\nmessage:토큰이 만료되었습니다.\n\n\0');
    sockets[0]!.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    sockets[1]!.open();
    await flush();
    expect(sockets[1]!.frames('CONNECT')[0]).toContain(
      'Authorization:Bearer header.eyJleHAiOjQxMDI0NDQ4MDB9.new',
    );
  });

  it('renews the session before reconnecting after the server ended it, and stops when it is gone', async () => {
    let token: string | null = 'header.eyJleHAiOjQxMDI0NDQ4MDB9.old';
    const sockets: FakeSocket[] = [];
    // The session was ended on the server: renewing finds it gone (the session store signs out).
    const refreshAccessToken = vi.fn(async () => (token = null));
    const connection = createStompConnection({
      getAccessToken: () => token,
      refreshAccessToken,
      webSocketFactory: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as IStompSocket;
      },
    });
    connection.connect();
    await flush();
    await accept(sockets[0]!);
    sockets[0]!.receive(`ERROR\nmessage:${ko.realtime.sessionEnded}\n\n\0`);
    sockets[0]!.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sockets).toHaveLength(1);
    expect(connection.state).toBe('closed');
  });

  it('a connect right after a disconnect (a remount) keeps the new connection and its state', async () => {
    const { connection, sockets } = setup();
    connection.connect();
    await flush();
    await accept(sockets[0]!);
    const done = connection.disconnect();
    connection.connect();
    sockets[0]!.close();
    await done;
    await flush();
    expect(sockets).toHaveLength(2);
    // The old connection's end must not report the new one as closed.
    expect(connection.state).toBe('connecting');
    await accept(sockets[1]!);
    expect(connection.state).toBe('connected');
  });

  it('disconnect closes the socket and stops reconnecting', async () => {
    const { connection, sockets } = setup();
    connection.connect();
    await flush();
    await accept(sockets[0]!);
    const done = connection.disconnect();
    sockets[0]!.close();
    await done;
    expect(connection.state).toBe('closed');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sockets).toHaveLength(1);
  });
});
