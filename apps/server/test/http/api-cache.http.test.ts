import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { startServer, type TestServer } from '../support/start-server.js';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** `/api/*` answers are never stored by a browser or a shared cache (plugins/api-no-store.ts); the docs may be. */
describe('Cache-Control of /api', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startServer();
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends no-store on every documented /api route, whatever the answer (2xx, 4xx)', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const calls: [string, string][] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      // The browser navigations of social sign-in (/oauth2, /login) are not /api; they set no-store themselves.
      // The event stream never ends; it keeps its own `no-cache, no-transform` (sse.http.test.ts).
      if (!path.startsWith('/api/') || path.startsWith('/api/sse')) continue;
      for (const method of Object.keys(methods)) calls.push([method.toUpperCase(), path]);
    }
    expect(calls.length).toBeGreaterThan(30);
    const statuses = new Set<number>();
    for (const [method, path] of calls) {
      const url = path.replace(/\{[^}]+\}/g, SOME_ID);
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${user.accessToken}`,
          ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      await res.arrayBuffer();
      statuses.add(res.status);
      expect(res.headers.get('cache-control'), `${method} ${path} → ${res.status}`).toBe('no-store');
    }
    expect([...statuses].some((s) => s >= 200 && s < 300)).toBe(true);
    expect([...statuses].some((s) => s >= 400)).toBe(true);
  });

  it('sends no-store on 401, on unknown /api paths and on signed-in data', async () => {
    for (const [path, token] of [
      [`/api/users/${user.id}/profiles`, undefined],
      ['/api/nothing-here', undefined],
      [`/api/users/${user.id}/profiles`, user.accessToken],
      ['/api/notifications', user.accessToken],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      await res.arrayBuffer();
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('decides on the path as the router reads it: percent-encoded spellings of /api answer no-store too', async () => {
    for (const path of [
      '/%61pi/clothes/insights',
      '/%61%70%69/clothes/insights',
      '/api/clothes/%69nsights',
    ]) {
      const res = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      await res.arrayBuffer();
      // The router decodes the path, so this is the signed-in user's closet report.
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('leaves the OpenAPI document cacheable', async () => {
    const res = await fetch(`${server.url}/api/docs/openapi.json`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/no-store/);
  });
});
