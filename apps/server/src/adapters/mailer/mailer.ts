import type { FastifyBaseLogger } from 'fastify';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

/** A plain-text e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail. Implementations never log a message body: it may carry a password. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerConfig {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset writes `.eml` files to `outboxDir`. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/** SMTP when `SMTP_URL` is set, otherwise the local outbox folder (CONFIG.md). */
export function createMailer(config: MailerConfig, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.from)
    : createOutboxMailer(config.outboxDir, config.from, log);
}
