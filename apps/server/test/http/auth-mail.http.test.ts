import { afterEach, describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.js';
import { createUser, signIn } from '../support/factories.js';
import { httpClient } from '../support/http.js';
import { readOutbox, temporaryPasswordIn } from '../support/mail.js';
import { startServer, type TestServer } from '../support/start-server.js';

describe('auth: reset-password mail through SMTP_URL', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0).reverse()) await o.close();
  });

  async function setUp(smtp: FakeSmtp | string): Promise<TestServer> {
    const server = await startServer({
      env: {
        SMTP_URL: typeof smtp === 'string' ? smtp : smtp.url,
        MAIL_FROM: 'otboo test <sender@otboo.test>',
      },
    });
    opened.push(server);
    return server;
  }

  for (const secure of [false, true]) {
    it(`delivers the temporary password over ${secure ? 'smtps:// (implicit TLS)' : 'smtp:// with AUTH'}`, async () => {
      const smtp = await startFakeSmtp({ secure });
      opened.push(smtp);
      const server = await setUp(smtp);
      const user = await createUser(server);

      const res = await httpClient(server.url).post('/api/auth/reset-password', {
        json: { email: user.email },
      });
      expect(res.status).toBe(204);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.authUser).toBe('mailer');
      expect(mail!.envelopeFrom).toBe('sender@otboo.test');
      expect(mail!.envelopeTo).toEqual([user.email]);
      expect(mail!.to).toBe(user.email);
      expect(mail!.from).toBe('otboo test <sender@otboo.test>');
      expect(mail!.subject).toBe(ko.auth.temporaryMailSubject);
      const temporary = temporaryPasswordIn(mail!);
      expect((await signIn(server, user.email, temporary)).jwt.userDto.id).toBe(user.id);
      // With SMTP configured nothing goes to the outbox.
      expect(await readOutbox(server.dataDir)).toEqual([]);
    });
  }

  it('still answers 204 when the SMTP server refuses the credentials or is down', async () => {
    const smtp = await startFakeSmtp();
    opened.push(smtp);
    for (const url of [smtp.url.replace('secret-pass', 'wrong-pass'), 'smtp://u:p@127.0.0.1:9']) {
      const server = await setUp(url);
      const user = await createUser(server);
      const res = await httpClient(server.url).post('/api/auth/reset-password', {
        json: { email: user.email },
      });
      expect(res.status).toBe(204);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toEqual([]);
  });
});
