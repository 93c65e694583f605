import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';

/**
 * The authorization-code machinery both loopback providers share (oidc-provider.ts, kakao-oauth.ts):
 * authorize-request checks, single-use codes with PKCE (RFC 7636), the consent page a browser clicks through,
 * and a small avatar to serve. Each fake keeps its own wire format on top of it.
 */

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string | null;
  scope: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  nonce: string | null;
}

/** How the provider answers an authorize request. */
export type ConsentMode =
  /** Redirects back at once with a code (HTTP suites). */
  | 'auto'
  /** Shows a page with '동의하고 계속하기' and '취소' (browser journeys). */
  | 'consent'
  /** Redirects back with error=access_denied, as when the user cancels. */
  | 'deny';

export function readAuthorizeRequest(url: URL): AuthorizeRequest {
  const q = url.searchParams;
  return {
    clientId: q.get('client_id') ?? '',
    redirectUri: q.get('redirect_uri') ?? '',
    state: q.get('state'),
    scope: q.get('scope') ?? '',
    codeChallenge: q.get('code_challenge'),
    codeChallengeMethod: q.get('code_challenge_method'),
    nonce: q.get('nonce'),
  };
}

/** A registered redirect URI: one of `allowed`, or with none registered any http URI on a loopback host. */
export function redirectUriAllowed(uri: string, allowed: readonly string[]): boolean {
  if (allowed.length > 0) return allowed.includes(uri);
  try {
    const u = new URL(uri);
    return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

export function redirectBack(
  res: ServerResponse,
  redirectUri: string,
  params: Record<string, string | null>,
) {
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) target.searchParams.set(k, v);
  res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' }).end();
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export type RedeemResult<T> =
  { ok: true; grant: T; request: AuthorizeRequest } | { ok: false; description: string };

/** Authorization codes: single use, 60 s, bound to client, redirect URI and PKCE challenge. */
export function createCodeStore<T>() {
  const codes = new Map<string, { request: AuthorizeRequest; grant: T; used: boolean; expiresAt: number }>();
  return {
    issue(request: AuthorizeRequest, grant: T): string {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { request, grant, used: false, expiresAt: Date.now() + 60_000 });
      return code;
    },
    redeem(
      code: string,
      clientId: string,
      redirectUri: string,
      codeVerifier: string | null,
    ): RedeemResult<T> {
      const entry = codes.get(code);
      if (!entry) return { ok: false, description: 'authorization code not found' };
      if (entry.used) return { ok: false, description: 'authorization code already used' };
      // A code is spent by its first presentation, successful or not (RFC 6749 §4.1.2).
      entry.used = true;
      if (entry.expiresAt <= Date.now()) return { ok: false, description: 'authorization code expired' };
      if (entry.request.clientId !== clientId)
        return { ok: false, description: 'code was issued to another client' };
      if (entry.request.redirectUri !== redirectUri)
        return { ok: false, description: 'redirect_uri mismatch' };
      const { codeChallenge, codeChallengeMethod } = entry.request;
      if (codeChallenge) {
        if (!codeVerifier) return { ok: false, description: 'code_verifier required' };
        const expected =
          codeChallengeMethod === 'S256'
            ? createHash('sha256').update(codeVerifier).digest('base64url')
            : codeVerifier;
        if (expected !== codeChallenge) return { ok: false, description: 'code_verifier does not match' };
      }
      return { ok: true, grant: entry.grant, request: entry.request };
    },
  };
}

/** Holds authorize requests waiting for the user's click on the consent page. */
export function createConsentQueue<T>() {
  const waiting = new Map<string, { request: AuthorizeRequest; grant: T }>();
  return {
    add(request: AuthorizeRequest, grant: T): string {
      const id = randomBytes(16).toString('hex');
      waiting.set(id, { request, grant });
      return id;
    },
    take(id: string) {
      const entry = waiting.get(id);
      waiting.delete(id);
      return entry;
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A provider's consent screen: who is signing in, what is shared, '동의하고 계속하기' or '취소'. */
export function consentPage(options: {
  provider: string;
  account: string;
  items: string[];
  action: string;
  requestId: string;
}): string {
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>${escapeHtml(options.provider)} 로그인</title>
<style>body{font-family:sans-serif;max-width:420px;margin:48px auto;padding:0 16px}button{display:block;width:100%;height:48px;margin-top:12px;font-size:16px}</style>
</head><body>
<h1>${escapeHtml(options.provider)} 로그인</h1>
<p>${escapeHtml(options.account)} 계정으로 otboo에 로그인합니다.</p>
<p>제공 항목</p>
<ul>${options.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="request" value="${escapeHtml(options.requestId)}">
<button type="submit" name="decision" value="allow">동의하고 계속하기</button>
<button type="submit" name="decision" value="deny">취소</button>
</form>
</body></html>`;
}

let avatarPng: Promise<Buffer> | undefined;
/** A 96×96 PNG avatar (a teal square) for the fakes' picture URLs. */
export function fakeAvatarPng(): Promise<Buffer> {
  avatarPng ??= sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 20, g: 160, b: 150 } },
  })
    .png()
    .toBuffer();
  return avatarPng;
}
