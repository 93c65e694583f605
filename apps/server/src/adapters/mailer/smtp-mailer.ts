import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer.js';

/**
 * Sends through an SMTP server given as a URL (`smtps://` = implicit TLS, `smtp://` = STARTTLS when offered).
 * nodemailer is loaded on the first mail, not at start: most runs never send one.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl, { from })));
  return {
    async send(message) {
      await (await transporter()).sendMail({ to: message.to, subject: message.subject, text: message.text });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}
