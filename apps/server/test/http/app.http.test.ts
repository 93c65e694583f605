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

  it('publishes the OpenAPI document without a token', async () => {
    const res = await fetch(`${server.url}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
  });
});
