import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** The public part of `/api`: the OpenAPI document and its UI, the same for everyone. */
const PUBLIC_PREFIX = '/api/docs';

/**
 * `Cache-Control: no-store` on every `/api/*` answer (errors and 404s included), so no browser or shared cache
 * keeps a user's data; the OpenAPI docs stay cacheable. A route that sets its own `Cache-Control` keeps it (the
 * SSE stream's `no-cache, no-transform`). Two string checks per response.
 */
export default fp(
  async function apiNoStorePlugin(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      const url = request.url;
      if (url.startsWith('/api/') && !url.startsWith(PUBLIC_PREFIX) && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'api-no-store' },
);
