import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** The public part of `/api`: the OpenAPI document and its UI, the same for everyone. */
const PUBLIC_PREFIX = '/api/docs';

/**
 * The path as the router reads it: percent-decoded (`/%61pi/clothes/insights` is `/api/clothes/insights`), repeated
 * slashes as one, without the query. A path that does not decode is kept as sent (the router refuses it).
 */
function routedPath(url: string): string {
  const raw = url.split('?', 1)[0] ?? '';
  let decoded = raw;
  if (raw.includes('%'))
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      // Not a URL the router accepts either; it answers through `frameworkErrors` (plugins/errors.ts).
    }
  return decoded.includes('//') ? decoded.replace(/\/{2,}/g, '/') : decoded;
}

/**
 * `Cache-Control: no-store` on every `/api/*` answer (errors and 404s included), so no browser or shared cache
 * keeps a user's data; the OpenAPI docs stay cacheable. A route that sets its own `Cache-Control` keeps it (the
 * SSE stream's `no-cache, no-transform`). Decided on the routed path (`routedPath`), not the raw URL, so no
 * spelling of an `/api` path escapes it.
 */
export default fp(
  async function apiNoStorePlugin(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      const path = routedPath(request.url);
      if (path.startsWith('/api/') && !path.startsWith(PUBLIC_PREFIX) && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'api-no-store' },
);
