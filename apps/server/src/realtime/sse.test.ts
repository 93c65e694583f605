import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { formatSseEvent, openSseStream, sseHeartbeatTimers, type SseStream } from './sse.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server whose one route opens a stream and hands it to the test. */
async function serve(options: { heartbeatMs: number; maxBufferedBytes: number }) {
  let resolveStream: (s: SseStream) => void;
  const opened = new Promise<SseStream>((r) => (resolveStream = r));
  app = Fastify({ forceCloseConnections: true });
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('x-from-hook', 'kept');
  });
  app.get('/sse', async (_request, reply) => {
    resolveStream(openSseStream(reply, options));
    return reply;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return { port, opened };
}

/** A raw client: sends the request and collects what arrives, or stops reading when told. */
function rawClient(port: number): Promise<{ socket: Socket; text: () => string }> {
  return new Promise((resolve) => {
    let received = '';
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.write('GET /sse HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n');
      resolve({ socket, text: () => received });
    });
    socket.on('data', (d) => (received += d.toString()));
    socket.on('error', () => {});
  });
}

describe('SSE stream', () => {
  it('formats events, splitting multi-line data', () => {
    expect(formatSseEvent({ event: 'notifications', id: 'x', data: '{"a":1}' })).toBe(
      'event: notifications\nid: x\ndata: {"a":1}\n\n',
    );
    expect(formatSseEvent({ data: 'a\nb\r\nc' })).toBe('data: a\ndata: b\ndata: c\n\n');
  });

  it('sends headers set by hooks, a comment at once, heart-beats, events; the client leaving releases the timer', async () => {
    const { port, opened } = await serve({ heartbeatMs: 50, maxBufferedBytes: 64 * 1024 });
    const before = sseHeartbeatTimers();
    const client = await rawClient(port);
    const stream = await opened;
    expect(sseHeartbeatTimers()).toBe(before + 1);
    stream.send({ event: 'notifications', id: '1', data: '{}' });
    await new Promise((r) => setTimeout(r, 180));
    const text = client.text();
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text).toMatch(/content-type: text\/event-stream; charset=utf-8/i);
    expect(text).toMatch(/x-from-hook: kept/i);
    expect(text).toContain(': connected\n\n');
    expect(text).toContain('event: notifications\nid: 1\ndata: {}\n\n');
    expect(text.split(':\n\n').length - 1).toBeGreaterThanOrEqual(2);

    let closed = false;
    stream.onClose(() => (closed = true));
    client.socket.destroy();
    await expect.poll(() => closed).toBe(true);
    expect(stream.closed).toBe(true);
    expect(sseHeartbeatTimers()).toBe(before);
    expect(stream.send({ data: 'late' })).toBe(false);
  });

  it('drops a client that stops reading once its unread bytes pass the limit, without growing', async () => {
    const limit = 64 * 1024;
    const { port, opened } = await serve({ heartbeatMs: 60_000, maxBufferedBytes: limit });
    const client = await rawClient(port);
    const stream = await opened;
    client.socket.pause();
    let closedBy = -1;
    stream.onClose(() => (closedBy = written));
    const event = { event: 'notifications', data: 'x'.repeat(1024) };
    let written = 0;
    // 64 MB offered to a client that reads nothing; the kernel takes some, the limit must stop the rest.
    for (let i = 0; i < 64 * 1024 && stream.send(event); i++) {
      written += 1024;
      if (i % 64 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(stream.closed).toBe(true);
    expect(closedBy).toBeGreaterThan(0);
    expect(written).toBeLessThan(32 * 1024 * 1024);
    client.socket.destroy();
  });

  it('ends normally on end(), so the client sees a complete response', async () => {
    const { port, opened } = await serve({ heartbeatMs: 60_000, maxBufferedBytes: 64 * 1024 });
    const client = await rawClient(port);
    const stream = await opened;
    const ended = new Promise((r) => client.socket.on('end', r).on('close', r));
    stream.end();
    stream.end();
    await new Promise((r) => setTimeout(r, 50));
    // Chunked encoding's last chunk marks the end.
    expect(client.text()).toContain('0\r\n\r\n');
    client.socket.destroy();
    await ended;
  });
});
