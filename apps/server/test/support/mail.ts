import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** An RFC 822 message with its headers unfolded and decoded and its text body decoded. */
export interface ParsedMail {
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** `=?UTF-8?B?…?=` / `=?UTF-8?Q?…?=` encoded words → text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Parses a single-part text mail as nodemailer writes it (enough for our own mails). */
export function parseMail(raw: string): ParsedMail {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = normalized.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = normalized.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { headers, from: headers.from ?? '', to: headers.to ?? '', subject: headers.subject ?? '', text };
}

/** The temporary password inside our reset mail (the indented line of ko.auth.temporaryMailBody). */
export function temporaryPasswordIn(mail: ParsedMail): string {
  const m = /^ {2}(\S+)$/m.exec(mail.text);
  if (!m) throw new Error(`no temporary password in: ${mail.text}`);
  return m[1]!;
}

/** Mails in `DATA_DIR/outbox`, oldest first. */
export async function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => parseMail(await readFile(path.join(dir, f), 'utf8'))));
}

/** Waits until the outbox holds at least `count` mails (they are sent after the 204). */
export async function waitForOutbox(dataDir: string, count = 1, timeoutMs = 5_000): Promise<ParsedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readOutbox(dataDir);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`outbox has ${mails.length} mails, expected ${count}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
