import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens, hashRefreshToken, newRefreshToken } from './tokens.js';

const SECRET = 'unit-test-secret-0123456789abcdef0123456789';
const claims = {
  userId: '11111111-1111-4111-8111-111111111111',
  sessionId: '22222222-2222-4222-8222-222222222222',
  role: 'USER' as const,
};

describe('access tokens', () => {
  it('verifies its own tokens, again from memory, and refuses others', async () => {
    const tokens = createAccessTokens(SECRET, 60_000);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const foreign = await createAccessTokens(`${SECRET}x`, 60_000).sign(claims);
    expect(await tokens.verify(foreign)).toBeNull();
    const [h, p, s] = token.split('.');
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), role: 'ADMIN' }),
    ).toString('base64url');
    expect(await tokens.verify(`${h}.${admin}.${s}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });

  it('signs a standard HS256 JWT that jose verifies with its issuer, audience and lifetime', async () => {
    const token = await createAccessTokens(SECRET, 60_000).sign(claims);
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      issuer: 'otboo',
      audience: 'otboo-api',
      algorithms: ['HS256'],
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: claims.userId, sid: claims.sessionId, role: 'USER' });
    expect(payload.exp! - payload.iat!).toBe(60);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(2);
  });

  it('stops accepting a remembered token once it expires', async () => {
    const tokens = createAccessTokens(SECRET, 1_000);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('makes opaque refresh tokens stored only as their SHA-256', () => {
    const a = newRefreshToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.hash).toBe(hashRefreshToken(a.token));
    expect(a.hash).not.toContain(a.token);
    expect(newRefreshToken().token).not.toBe(a.token);
  });
});
