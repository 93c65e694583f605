import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OAUTH_STATE_TTL_MS, codeChallengeOf, createOAuthStates } from './oauth-state.js';

describe('oauth state cookie', () => {
  it('finishes once: the matching state, provider and unexpired cookie give back the verifier and nonce', () => {
    const states = createOAuthStates('secret-1');
    const { pending, cookie } = states.begin('google');
    expect(pending.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pending.state).not.toBe(pending.nonce);
    expect(states.finish(cookie, 'google', pending.state)).toEqual(pending);
    // Replayed with the same cookie: refused.
    expect(states.finish(cookie, 'google', pending.state)).toBeNull();
  });

  it('carries a link from settings, signed: the account and session come back, and say where a failure goes', () => {
    const states = createOAuthStates('secret-1');
    const link = {
      userId: '11111111-1111-4111-8111-111111111111',
      sessionId: '22222222-2222-4222-8222-222222222222',
    };
    const { pending, cookie } = states.begin('google', link);
    expect(states.isLink(cookie)).toBe(true);
    expect(states.finish(cookie, 'google', pending.state)).toEqual({ ...pending, link });
    // Spent, it still says it was a link (for the failure page), but finishes nothing.
    expect(states.isLink(cookie)).toBe(true);
    expect(states.finish(cookie, 'google', pending.state)).toBeNull();
    // A sign-in is not a link; a forged link is not authentic.
    const signIn = states.begin('google');
    expect(states.isLink(signIn.cookie)).toBe(false);
    expect(states.finish(signIn.cookie, 'google', signIn.pending.state)?.link).toBeUndefined();
    const [payload, mac] = signIn.cookie.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...decoded, l: { u: link.userId, s: link.sessionId } }),
    ).toString('base64url');
    expect(states.isLink(`${forged}.${mac}`)).toBe(false);
  });

  it('refuses a wrong state, another provider, a missing cookie or state, and garbage', () => {
    const states = createOAuthStates('secret-1');
    const { pending, cookie } = states.begin('kakao');
    expect(states.finish(cookie, 'kakao', `${pending.state}x`)).toBeNull();
    expect(states.finish(cookie, 'google', pending.state)).toBeNull();
    expect(states.finish(undefined, 'kakao', pending.state)).toBeNull();
    expect(states.finish(cookie, 'kakao', undefined)).toBeNull();
    for (const junk of ['', '.', 'abc', 'abc.def', `${cookie}x`, `.${cookie}`, 'x'.repeat(5000)]) {
      expect(states.finish(junk, 'kakao', pending.state)).toBeNull();
    }
    // The failed tries did not spend it.
    expect(states.finish(cookie, 'kakao', pending.state)?.state).toBe(pending.state);
  });

  it('refuses a cookie whose payload was changed or that another secret signed', () => {
    const states = createOAuthStates('secret-1');
    const { pending, cookie } = states.begin('google');
    const [payload, mac] = cookie.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, x: decoded.x + 60_000 })).toString('base64url');
    expect(states.finish(`${forged}.${mac}`, 'google', pending.state)).toBeNull();
    const other = createOAuthStates('secret-2').begin('google');
    expect(states.finish(other.cookie, 'google', other.pending.state)).toBeNull();
  });

  it('expires after ten minutes', () => {
    let now = 1_000_000;
    const states = createOAuthStates('secret-1', () => now);
    const a = states.begin('google');
    const b = states.begin('google');
    now += OAUTH_STATE_TTL_MS - 1;
    expect(states.finish(a.cookie, 'google', a.pending.state)).not.toBeNull();
    now += 1;
    expect(states.finish(b.cookie, 'google', b.pending.state)).toBeNull();
  });

  it('derives the S256 challenge of RFC 7636', () => {
    // RFC 7636 appendix B.
    expect(codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    expect(codeChallengeOf('abc')).toBe(createHash('sha256').update('abc').digest('base64url'));
  });
});
