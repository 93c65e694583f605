import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

function unfoldHeaders(raw: string): { headers: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  return { headers, body };
}

function header(headers: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers);
  return match?.[1]?.trim() ?? '';
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The plain-text body of a single-part RFC 822 message, decoded. */
export function mailText(raw: string): { to: string; subject: string; text: string } {
  const { headers, body } = unfoldHeaders(raw);
  const encoding = header(headers, 'Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { to: header(headers, 'To'), subject: header(headers, 'Subject'), text };
}

/** The temporary password of the password-reset mail: the line after "…다음과 같습니다." */
export function temporaryPasswordOf(text: string): string | null {
  return /같습니다\.?\s*\n\s*\n?\s*([A-Za-z0-9@$!%*?&]{6,})\s*\n/.exec(text)?.[1] ?? null;
}

/** Waits for the newest reset mail to `email` in DATA_DIR/outbox and returns its temporary password. */
export async function waitForTemporaryPassword(
  dataDir: string,
  email: string,
  timeoutMs = 15_000,
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse()) {
      const mail = mailText(await readFile(path.join(outbox, file), 'utf8'));
      if (!mail.to.toLowerCase().includes(email.toLowerCase())) continue;
      const password = temporaryPasswordOf(mail.text);
      if (password) return password;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset mail for ${email} in ${outbox}`);
}
