import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { AccessLogController } from '../lib/access-log.js';
import { clientErrorHandler, frameworkErrors } from '../plugins/errors.js';
import { APP_SECURITY_HEADERS, helmetHeaders } from '../plugins/security-headers.js';
import { loggerOptions, type LogStream } from './logger-options.js';
import { schemaCompilers } from './schema-compilers.js';

/** Fastify's own options for the app. */
export function serverOptions(config: Config, logStream?: LogStream) {
  return {
    logger: loggerOptions(config, logStream),
    // One access-log line per request (lib/access-log.ts).
    logController: new AccessLogController(),
    // Idle keep-alive sockets close at once; requests in flight finish before the database closes (onClose).
    // Long-lived streams (SSE, STOMP) are ended in preClose hooks, so they do not hold the close up.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { maxParamLength: 500 },
    schemaController: { compilersFactory: schemaCompilers(config) },
    // What the framework refuses before any route or hook (a bad URL, an unparsable request) answers in the
    // error body too (plugins/errors.ts).
    frameworkErrors: frameworkErrors(helmetHeaders(APP_SECURITY_HEADERS)),
    clientErrorHandler,
  } satisfies FastifyServerOptions;
}
