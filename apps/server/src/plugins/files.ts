import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ko } from '@otboo/contract';
import { FILES_PREFIX, type Storage } from '../adapters/storage/storage.js';
import { notFound } from '../lib/errors.js';

/**
 * Serves stored images from our origin. Keys are random per upload and never rewritten, so they are cached
 * for a year; `nosniff` and a locked-down CSP keep a stored file from ever running as a page.
 */
export default fp(
  async function filesPlugin(app: FastifyInstance, options: { storage: Storage }) {
    app.get(`${FILES_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const object = await options.storage.get(key);
      if (!object) throw notFound(ko.common.notFound);
      return reply
        .header('Content-Type', object.contentType)
        .header('Content-Length', object.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(object.body);
    });
  },
  { name: 'files' },
);
