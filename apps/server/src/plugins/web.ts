import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ko } from '@otboo/contract';

/**
 * How long a browser keeps a file of the built app. Vite names everything under `assets/` by its content hash, so
 * those never change: a year, immutable. The rest is revalidated on every use, so a deploy is picked up at once:
 * `index.html`, the service worker `sw.js` (a stale worker would keep serving the old app), `manifest.webmanifest`
 * and the icons, whose names stay the same from one version to the next.
 */
function cacheControlFor(root: string, file: string): string {
  const [top] = path.relative(root, file).split(path.sep);
  return top === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built web app at `/`, brotli or gzip when the browser takes it, cached as `cacheControlFor` says
 * (`.webmanifest` goes out as application/manifest+json). The worker sits at the root, so its default scope is the
 * whole app and no `Service-Worker-Allowed` header is needed. Unknown `/api` paths stay JSON 404s; other unknown
 * GETs get the app.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, options: { root: string }) {
    const hasApp = existsSync(path.join(options.root, 'index.html'));
    if (hasApp) {
      await app.register(fastifyStatic, {
        root: options.root,
        // One `/*` route that looks the file up when asked, not a route per file of the build made at start (a
        // few hundred with the compressed copies: a tenth of a restart). A file that is not there falls through
        // to the not-found handler below, as an unknown path did.
        wildcard: true,
        index: ['index.html'],
        // The build writes .br and .gz copies of its text assets (apps/web/scripts/compress-assets.mjs).
        preCompressed: true,
        setHeaders(res, file) {
          res.header('Cache-Control', cacheControlFor(options.root, file));
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
