import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ko } from '@otboo/contract';
import type { Actor } from '../lib/actor.js';
import { forbidden, unauthorized } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set on every non-public `/api` route. */
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in, sign-up, csrf-token, …). */
    public?: boolean;
    /** Only administrators. */
    admin?: boolean;
  }
}

export interface AuthPluginOptions {
  /** Verifies an access token and its live session; throws 401 when either is not valid. */
  verifyAccessToken(token: string): Promise<Actor>;
}

/** The Bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}

/** The actor of an authenticated route; routes behind the auth hook always have one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Every `/api` route requires a valid access token unless its config says `public`; `admin` routes also
 * require the ADMIN role. The role comes from the live session check, never from the payload.
 */
export default fp(
  async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (!request.routeOptions.url?.startsWith('/api/') || config.public) return;
      const token = bearerToken(request);
      if (!token) throw unauthorized(ko.common.unauthorized);
      request.actor = await options.verifyAccessToken(token);
      if (config.admin && request.actor.role !== 'ADMIN') throw forbidden(ko.users.adminOnly);
    });
  },
  { name: 'auth' },
);
