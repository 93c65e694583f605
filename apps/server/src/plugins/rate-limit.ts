import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { ko } from '@otboo/contract';
import { badRequest, tooManyRequests } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts toward AUTH_RATE_PER_IP: one shared budget per IP for sign-in, sign-up and reset-password. */
    authRateLimit?: boolean;
  }
}

export interface RateLimitPluginOptions {
  authPerIpPerMinute: number;
}

/**
 * Per-IP budget for the unauthenticated account endpoints (docs/configuration.md AUTH_RATE_PER_IP). One limiter is shared
 * by every route marked `authRateLimit`, so spreading guesses over the three endpoints does not multiply the
 * budget. Counted per instance in memory; the per-e-mail sign-in failure limit lives in the database.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance, options: RateLimitPluginOptions) {
    await app.register(rateLimit, { global: false });
    const limit = app.rateLimit({
      max: options.authPerIpPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: () => tooManyRequests(ko.common.tooManyRequests),
    }) as onRequestHookHandler;
    // The key is the client's address, which Node forgets once the connection is destroyed: a malformed chunked
    // body ends it between the request's head and this hook, and the limiter's key generator would throw on the
    // missing address. Such a request is refused (its 400 reaches nobody), never counted under a shared key or
    // let through uncounted.
    const limitByAddress: onRequestHookHandler = function (request, reply, done) {
      if (request.ip === undefined)
        return done(badRequest(ko.common.malformedRequest, {}, 'InvalidRequestException'));
      return limit.call(this, request, reply, done);
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.authRateLimit) return;
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [...existing, limitByAddress];
    });
  },
  { name: 'rate-limit' },
);
