import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/start-server.js';

describe('app shell', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers unknown API paths with the contract error body', async () => {
    const res = await fetch(`${server.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body).toEqual({ exceptionName: 'NotFoundException', message: expect.any(String), details: {} });
  });

  it('sends the security headers on API answers and on error answers alike', async () => {
    for (const path of ['/api/auth/csrf-token', '/api/nope']) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('publishes the OpenAPI document without a token', async () => {
    const res = await fetch(`${server.url}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('shows the OpenAPI UI without a token, and keeps the API itself behind one', async () => {
    const ui = await fetch(`${server.url}/api/docs`);
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await ui.text()).toContain('swagger');
    expect((await fetch(`${server.url}/api/clothes/attribute-defs`)).status).toBe(401);
  });
});

describe('graceful close', () => {
  it('lets a request in flight finish before the database closes', async () => {
    const server = await startServer();
    const boundary = 'otboo-in-flight';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nnobody@otboo.test\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\nwrongpass1\r\n--${boundary}--\r\n`,
    ];
    let closed: Promise<void> | undefined;
    // The request is in flight for certain: its headers are sent and its body is not finished when the close
    // starts, however slow the machine is; only then does the rest of the body go.
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        `${server.url}/api/auth/sign-in`,
        { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.write(body[0]);
      request.on('socket', (socket) =>
        socket.on('connect', () => {
          setTimeout(() => {
            closed = server.close();
            setTimeout(() => request.end(body[1]), 100);
          }, 300);
        }),
      );
    });
    const res = await answered;
    expect(res.status).toBe(401);
    expect((JSON.parse(res.body) as { exceptionName: string }).exceptionName).toBe('BadCredentialsException');
    await closed;
  });
});
