import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** Where log lines go instead of stdout (tests read what would be logged). */
export type LogStream = { write(line: string): void };

/** The app's logger: the configured level; tokens, cookies and passwords never reach the log. */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
  };
}
