import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export interface MailerConfig {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset writes `.eml` files to `outboxDir`. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/** SMTP when `SMTP_URL` is set, otherwise the local outbox folder (docs/configuration.md). */
export function createMailer(config: MailerConfig, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.from)
    : createOutboxMailer(config.outboxDir, config.from, log);
}
