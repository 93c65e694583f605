import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { jwtSecret } from '../db/app-secrets.js';
import closeConnectionsPlugin from '../plugins/close-connections.js';
import errorsPlugin from '../plugins/errors.js';
import securityHeadersPlugin, { APP_SECURITY_HEADERS } from '../plugins/security-headers.js';
import csrfPlugin, { csrfKeyFrom } from '../plugins/csrf.js';
import apiNoStorePlugin from '../plugins/api-no-store.js';
import rateLimitPlugin from '../plugins/rate-limit.js';
import openapiPlugin from '../plugins/openapi.js';

/** The plugins that need no module: ecosystem plugins, then ours (docs/architecture.md §Server). */
export async function registerBasePlugins(app: FastifyInstance, config: Config, db: Db) {
  // Closing first: its preClose must come before any other.
  await app.register(closeConnectionsPlugin);
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 + 1, files: 2, fields: 20 } });
  await app.register(securityHeadersPlugin, APP_SECURITY_HEADERS);
  // CSRF tokens are keyed from the JWT secret, shared by every instance.
  const secure = config.publicUrl.startsWith('https://');
  await app.register(csrfPlugin, { key: csrfKeyFrom(await jwtSecret(db, config.jwtSecret)), secure });
  await app.register(apiNoStorePlugin);
  await app.register(rateLimitPlugin, { authPerIpPerMinute: config.rateLimit.authPerIpPerMinute });
  await app.register(openapiPlugin);
}
