import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer.js';

/**
 * Without SMTP, each mail becomes an RFC 822 `.eml` file in `DATA_DIR/outbox` (openable by any mail client)
 * and only its subject and file name are logged, never the body.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  let composer: Promise<Transporter> | undefined;
  const transporter = () =>
    (composer ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from }),
    ));
  return {
    async send(message) {
      const info = await (
        await transporter()
      ).sendMail({ to: message.to, subject: message.subject, text: message.text });
      await mkdir(outboxDir, { recursive: true });
      // Time first so a directory listing is in sending order; written atomically so readers never see half a mail.
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      log.info(
        { subject: message.subject, file: path.basename(file) },
        'mail written to the outbox (SMTP_URL unset)',
      );
    },
    async close() {},
  };
}
