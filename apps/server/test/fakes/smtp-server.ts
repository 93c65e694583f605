import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from '../support/mail.js';

export interface ReceivedMail extends ParsedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** The user the client authenticated as. */
  authUser: string | undefined;
}

export interface FakeSmtp {
  port: number;
  /** `smtp://user:pass@127.0.0.1:port` (or `smtps://…` with the fake's self-signed certificate accepted). */
  url: string;
  received: ReceivedMail[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A loopback SMTP server speaking the real protocol with AUTH: plain `smtp://` (STARTTLS not offered) or
 * implicit TLS `smtps://` using smtp-server's built-in test certificate.
 */
export async function startFakeSmtp(
  options: { user?: string; pass?: string; secure?: boolean } = {},
): Promise<FakeSmtp> {
  const user = options.user ?? 'mailer';
  const pass = options.pass ?? 'secret-pass';
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: options.secure ?? false,
    disabledCommands: options.secure ? [] : ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user: auth.username });
      else callback(new Error('invalid credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          authUser: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const scheme = options.secure ? 'smtps' : 'smtp';
  const query = options.secure ? '/?tls.rejectUnauthorized=false' : '';
  return {
    port: address.port,
    url: `${scheme}://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${address.port}${query}`,
    received,
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`fake SMTP received ${received.length} mails, expected ${count}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
