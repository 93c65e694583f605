import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { OAuthProvider } from '@otboo/contract';

/** Holds the pending sign-in between the redirect to the provider and its callback. */
export const OAUTH_STATE_COOKIE = 'OAUTH2_STATE';
/** Time a user has on the provider's pages before the sign-in must start over. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** What the callback needs to finish a sign-in it started: the state, the PKCE verifier and the OIDC nonce. */
export interface PendingSignIn {
  provider: OAuthProvider;
  state: string;
  codeVerifier: string;
  nonce: string;
  expiresAt: number;
  /** Set when a signed-in user links this provider account to their own (settings), not a sign-in. */
  link?: LinkIntent;
}

/** The account (and the session that asked) a provider account is being linked to. */
export interface LinkIntent {
  userId: string;
  sessionId: string;
}

const Payload = z.object({
  p: OAuthProvider,
  s: z.string().min(1).max(100),
  v: z.string().min(43).max(128),
  n: z.string().min(1).max(100),
  x: z.number().int(),
  l: z.object({ u: z.string().min(1).max(64), s: z.string().min(1).max(64) }).optional(),
});

const random = () => randomBytes(32).toString('base64url');

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export function codeChallengeOf(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The pending sign-in travels in a cookie signed with HMAC-SHA256, so no server keeps it and any instance can
 * finish it. A state is spent the first time a callback presents it: its cookie is cleared and this process
 * remembers it until it expires, so a replayed callback is refused even by a client that kept the cookie.
 */
export function createOAuthStates(secret: string, now: () => number = Date.now) {
  const key = createHmac('sha256', secret).update('otboo oauth state cookie v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const spent = new Map<string, number>();

  function forgetExpired(at: number) {
    for (const [state, expiresAt] of spent) if (expiresAt <= at) spent.delete(state);
  }

  /** The payload of an authentic cookie, whatever its age; null for anything else. */
  function decode(cookie: string | undefined): z.infer<typeof Payload> | null {
    if (!cookie || cookie.length > 1024) return null;
    const dot = cookie.indexOf('.');
    if (dot <= 0) return null;
    const payload = cookie.slice(0, dot);
    if (!equal(sign(payload), cookie.slice(dot + 1))) return null;
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = Payload.safeParse(decoded);
    return parsed.success ? parsed.data : null;
  }

  return {
    /** A fresh pending sign-in (or link, with `link`) and its cookie value. */
    begin(provider: OAuthProvider, link?: LinkIntent): { pending: PendingSignIn; cookie: string } {
      const pending: PendingSignIn = {
        provider,
        state: random(),
        codeVerifier: random(),
        nonce: random(),
        expiresAt: now() + OAUTH_STATE_TTL_MS,
        ...(link ? { link } : {}),
      };
      const payload = Buffer.from(
        JSON.stringify({
          p: pending.provider,
          s: pending.state,
          v: pending.codeVerifier,
          n: pending.nonce,
          x: pending.expiresAt,
          ...(link ? { l: { u: link.userId, s: link.sessionId } } : {}),
        }),
      ).toString('base64url');
      return { pending, cookie: `${payload}.${sign(payload)}` };
    },

    /**
     * The pending sign-in of `cookie` when it is authentic, unexpired, for `provider`, carries `state` and was
     * not presented before; null otherwise. A match spends the state.
     */
    finish(
      cookie: string | undefined,
      provider: OAuthProvider,
      state: string | undefined,
    ): PendingSignIn | null {
      const p = decode(cookie);
      if (!p || !state) return null;
      const at = now();
      if (p.p !== provider || p.x <= at || !equal(p.s, state)) return null;
      forgetExpired(at);
      if (spent.has(p.s)) return null;
      spent.set(p.s, p.x);
      return {
        provider: p.p,
        state: p.s,
        codeVerifier: p.v,
        nonce: p.n,
        expiresAt: p.x,
        ...(p.l ? { link: { userId: p.l.u, sessionId: p.l.s } } : {}),
      };
    },

    /**
     * Whether an authentic cookie (expired or spent alike) was a link from settings: only says where to send
     * the browser when the callback fails, never grants anything.
     */
    isLink(cookie: string | undefined): boolean {
      return decode(cookie)?.l !== undefined;
    },
  };
}
export type OAuthStates = ReturnType<typeof createOAuthStates>;
