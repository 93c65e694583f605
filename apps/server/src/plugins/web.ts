import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ko } from '@otboo/contract';

/**
 * Serves the built web app at `/`, brotli or gzip when the browser takes it. Hashed assets are cached for a
 * year; `index.html` is revalidated so a deploy is picked up at once. Unknown `/api` paths stay JSON 404s; other unknown GETs get the app.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, options: { root: string }) {
    const hasApp = existsSync(path.join(options.root, 'index.html'));
    if (hasApp) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        index: ['index.html'],
        // The build writes .br and .gz copies of its text assets (apps/web/scripts/compress-assets.mjs).
        preCompressed: true,
        setHeaders(res, file) {
          res.header(
            'Cache-Control',
            file.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }
    const indexHtml = hasApp ? await readFile(path.join(options.root, 'index.html')) : null;
    app.setNotFoundHandler(async (request, reply) => {
      const isApi = request.url.startsWith('/api/') || request.url === '/api';
      if (
        !isApi &&
        request.method === 'GET' &&
        indexHtml &&
        (request.headers.accept ?? '').includes('text/html')
      ) {
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
      }
      return reply
        .status(404)
        .send({ exceptionName: 'NotFoundException', message: ko.common.apiNotFound, details: {} });
    });
  },
  { name: 'web' },
);
