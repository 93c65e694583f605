import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLogController } from './access-log.js';

/** A real Fastify app logging at `info` into `lines`, with the access log of the app. */
function appLoggingTo(lines: Record<string, unknown>[]) {
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    logController: new AccessLogController(),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  return app;
}

describe('access log', () => {
  it('writes one line per request, on completion, without headers', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo(lines);
    const res = await app.inject({
      method: 'GET',
      url: '/ok?page=2',
      headers: { authorization: 'Bearer secret-token', cookie: 'REFRESH_TOKEN=secret-cookie' },
    });
    await app.close();
    expect(res.statusCode).toBe(200);
    const requestLines = lines.filter((l) => 'reqId' in l);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      method: 'GET',
      url: '/ok?page=2',
      statusCode: 200,
    });
    expect(typeof requestLines[0]?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/secret-token|secret-cookie|incoming request/);
  });

  it('still logs a failing request as an error', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo(lines);
    const res = await app.inject({ method: 'GET', url: '/fails' });
    await app.close();
    expect(res.statusCode).toBe(500);
    const errors = lines.filter((l) => l.level === 50);
    expect(errors.map((l) => l.msg)).toContain('boom');
  });
});
