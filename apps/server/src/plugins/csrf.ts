import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE, ko } from '@otboo/contract';
import { forbidden } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues and checks CSRF tokens (plugins/csrf.ts). */
    csrfTokens: CsrfTokens;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * On https the cookie that is checked is `__Host-XSRF-TOKEN` (Secure, Path=/, no Domain), which a sibling
 * subdomain cannot plant. `XSRF-TOKEN` is still set beside it with the same value, for scripts that read that
 * name (the course frontend); a planted `XSRF-TOKEN` can then only make requests fail, never pass.
 */
export const HOST_CSRF_COOKIE = `__Host-${CSRF_COOKIE}`;
const COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;
/** `nonce.mac`: 16 random bytes and an HMAC-SHA256, both base64url. */
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const REFRESH_SET = `${REFRESH_COOKIE}=`;

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The CSRF key, derived from the JWT secret under a label of its own (instances sharing the secret agree). */
export function csrfKeyFrom(secret: string): Buffer {
  return createHmac('sha256', secret).update('otboo csrf token v1').digest();
}

function mac(key: Buffer, refreshToken: string, nonce: string): string {
  return createHmac('sha256', key).update(refreshToken).update('\n').update(nonce).digest('base64url');
}

/**
 * A token bound to the refresh cookie it goes with (none when signed out): `nonce.HMAC(key, refresh ‖ nonce)`.
 * A token taken from another session, or made up, does not pass with this session's cookie.
 */
export function csrfTokenFor(
  key: Buffer,
  refreshToken: string | undefined,
  nonce = randomBytes(16).toString('base64url'),
): string {
  return `${nonce}.${mac(key, refreshToken ?? '', nonce)}`;
}

/** Whether `token` was issued by us for this refresh cookie (undefined or '' when signed out). */
export function isCsrfTokenFor(key: Buffer, token: string, refreshToken: string | undefined): boolean {
  const [, nonce, sent] = TOKEN.exec(token) ?? [];
  return !!nonce && !!sent && same(sent, mac(key, refreshToken ?? '', nonce));
}

/** The refresh cookie a `Set-Cookie` header sets: its value ('' when cleared), or undefined when it sets none. */
function refreshCookieSetBy(header: number | string | string[]): string | undefined {
  for (const line of Array.isArray(header) ? header : [String(header)]) {
    if (!line.startsWith(REFRESH_SET)) continue;
    const end = line.indexOf(';');
    return decodeURIComponent(line.slice(REFRESH_SET.length, end < 0 ? undefined : end));
  }
  return undefined;
}

function createCsrfTokens(key: Buffer, secure: boolean) {
  const options = { path: '/', sameSite: 'lax', httpOnly: false, secure, maxAge: COOKIE_MAX_AGE_S } as const;
  return {
    /** The cookie whose value a mutating request must echo in `X-XSRF-TOKEN`. */
    checkedCookie: secure ? HOST_CSRF_COOKIE : CSRF_COOKIE,
    valid: (token: string, refreshToken: string | undefined) => isCsrfTokenFor(key, token, refreshToken),
    /** Sets a new token bound to `refreshToken` (readable by scripts, like the course frontend expects). */
    set(reply: FastifyReply, refreshToken: string | undefined): void {
      const token = csrfTokenFor(key, refreshToken);
      reply.setCookie(CSRF_COOKIE, token, options);
      if (secure) reply.setCookie(HOST_CSRF_COOKIE, token, options);
    },
  };
}
export type CsrfTokens = ReturnType<typeof createCsrfTokens>;

/**
 * `GET /api/auth/csrf-token`: sets the `XSRF-TOKEN` cookie unless the request already carries one that is valid
 * for its refresh cookie (on https, the `__Host-` cookie as well, with the same value).
 */
export function issueCsrfCookie(reply: FastifyReply, existing: string | undefined, secure: boolean): void {
  const { cookies } = reply.request;
  const tokens = reply.server.csrfTokens;
  const held = secure ? cookies[HOST_CSRF_COOKIE] : existing;
  if (held && held === existing && tokens.valid(held, cookies[REFRESH_COOKIE])) return;
  tokens.set(reply, cookies[REFRESH_COOKIE]);
}

export interface CsrfPluginOptions {
  /** From `csrfKeyFrom`. */
  key: Buffer;
  /** PUBLIC_URL is https: Secure cookies and the `__Host-` name. */
  secure: boolean;
}

/**
 * CSRF check (docs/security.md): a mutating request that carries cookies must echo the XSRF cookie in
 * `X-XSRF-TOKEN`, and the token must be the one issued for the refresh cookie it comes with. Whenever a
 * response sets or clears the refresh cookie (sign-in, refresh, sign-out, social sign-in, a failed refresh),
 * it gets a new XSRF cookie bound to it, so the client never has to ask again. Requests without cookies
 * (Bearer-only clients) cannot be forged by a browser and pass; `/ws/**` is exempt (SockJS transports).
 */
export default fp(
  async function csrfPlugin(app: FastifyInstance, options: CsrfPluginOptions) {
    const tokens = createCsrfTokens(options.key, options.secure);
    app.decorate('csrfTokens', tokens);
    const header = CSRF_HEADER.toLowerCase();
    app.addHook('onRequest', async (request) => {
      if (!MUTATING.has(request.method)) return;
      if (request.url.startsWith('/ws/') || request.url === '/ws') return;
      if (!request.headers.cookie || Object.keys(request.cookies).length === 0) return;
      const cookie = request.cookies[tokens.checkedCookie];
      const sent = request.headers[header];
      if (
        !cookie ||
        typeof sent !== 'string' ||
        !same(cookie, sent) ||
        !tokens.valid(sent, request.cookies[REFRESH_COOKIE])
      )
        throw forbidden(ko.common.csrfInvalid, 'CsrfTokenException');
    });
    // Runs after @fastify/cookie's onSend (registered earlier), so `Set-Cookie` already holds the refresh cookie.
    app.addHook('onSend', (_request, reply, payload, done) => {
      const setCookie = reply.getHeader('set-cookie');
      if (setCookie !== undefined) {
        const refreshToken = refreshCookieSetBy(setCookie);
        if (refreshToken !== undefined) tokens.set(reply, refreshToken || undefined);
      }
      done(null, payload);
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
