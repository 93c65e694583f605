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
});

describe('graceful close', () => {
  it('lets a request in flight finish before the database closes', async () => {
    const server = await startServer();
    const form = new FormData();
    form.append('username', 'nobody@otboo.test');
    form.append('password', 'wrongpass1');
    // Sign-in spends tens of milliseconds in argon2: the close starts while it is in the handler.
    const inFlight = fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', body: form });
    await new Promise((r) => setTimeout(r, 15));
    const closed = server.close();
    const res = await inFlight;
    expect(res.status).toBe(401);
    expect(((await res.json()) as { exceptionName: string }).exceptionName).toBe('BadCredentialsException');
    await closed;
  });
});
