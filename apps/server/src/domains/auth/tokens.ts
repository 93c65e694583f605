import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';
import { ROLES, type Role } from '@otboo/contract';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
}

const ISSUER = 'otboo';
const AUDIENCE = 'otboo-api';
/** The protected header of every access token, base64url-encoded once. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
/** Verified tokens remembered (a client reuses its token for every call until it expires). */
const VERIFIED_CACHE_SIZE = 10_000;

/** HS256 access tokens: short-lived, carrying the session they belong to so revocation is immediate. */
export function createAccessTokens(secret: string, ttlMs: number) {
  const key = new TextEncoder().encode(secret);
  // Checking the HMAC through WebCrypto took ~9% of the CPU of an authenticated list call; a token that verified
  // once is remembered, by its exact text, until it expires. Only the signature check is skipped: the session
  // behind it is still checked on every call.
  const verified = new LRUCache<string, { claims: AccessClaims; expiresAt: number }>({
    max: VERIFIED_CACHE_SIZE,
  });
  return {
    /**
     * Signed here with node:crypto's HMAC, not jose's `SignJWT`: jose signs through WebCrypto, a job on the
     * thread pool per token, which was 7% of the CPU of `POST /api/auth/refresh` (docs/scaling.md). The token
     * is the same compact HS256 JWS that `verify` (jose) checks.
     */
    async sign(claims: AccessClaims): Promise<string> {
      const now = Date.now();
      const payload = Buffer.from(
        JSON.stringify({
          sid: claims.sessionId,
          role: claims.role,
          sub: claims.userId,
          iss: ISSUER,
          aud: AUDIENCE,
          iat: Math.floor(now / 1000),
          exp: Math.floor((now + ttlMs) / 1000),
        }),
      ).toString('base64url');
      const signingInput = `${HEADER}.${payload}`;
      return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
    },
    /** Null for a malformed, forged or expired token. */
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const role = payload.role;
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        )
          return null;
        if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
        const claims = { userId: payload.sub, sessionId: payload.sid, role: role as Role };
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        return claims;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** Opaque refresh token: 256 random bits; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
