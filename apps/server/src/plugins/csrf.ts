import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, ko } from '@otboo/contract';
import { forbidden } from '../lib/errors.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Sets the `XSRF-TOKEN` cookie (readable by scripts) unless the request already carries one. */
export function issueCsrfCookie(reply: FastifyReply, existing: string | undefined, secure: boolean): void {
  if (existing && /^[A-Za-z0-9_-]{20,200}$/.test(existing)) return;
  reply.setCookie(CSRF_COOKIE, randomBytes(32).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure,
    maxAge: 60 * 60 * 24 * 365,
  });
}

/**
 * Double-submit CSRF check (API.md §3): a mutating request that carries cookies must echo the
 * `XSRF-TOKEN` cookie in `X-XSRF-TOKEN`. Requests without cookies (Bearer-only clients) cannot be forged
 * by a browser and pass; `/ws/**` is exempt (SockJS transports).
 */
export default fp(
  async function csrfPlugin(app: FastifyInstance) {
    const header = CSRF_HEADER.toLowerCase();
    app.addHook('onRequest', async (request) => {
      if (!MUTATING.has(request.method)) return;
      if (request.url.startsWith('/ws/') || request.url === '/ws') return;
      if (!request.headers.cookie || Object.keys(request.cookies).length === 0) return;
      const cookie = request.cookies[CSRF_COOKIE];
      const sent = request.headers[header];
      if (!cookie || typeof sent !== 'string' || !same(cookie, sent))
        throw forbidden(ko.common.csrfInvalid, 'CsrfTokenException');
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
