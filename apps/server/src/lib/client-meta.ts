import type { FastifyRequest } from 'fastify';

/** Who opened a session: kept with the refresh token, and the address that sign-in failures are counted by. */
export interface ClientMeta {
  userAgent?: string | null;
  ip?: string | null;
}

/** The request's user agent and address (the socket's: the server trusts no proxy header). */
export function clientMeta(request: FastifyRequest): ClientMeta {
  return { userAgent: request.headers['user-agent'] ?? null, ip: request.ip };
}
