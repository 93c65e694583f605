// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { tokenExpiresWithin } from '@/utils/token-expiry';

function jwt(payload: object): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part(payload)}.signature`;
}

describe('tokenExpiresWithin', () => {
  const now = Date.UTC(2026, 10, 21, 3, 0, 0);

  it('reads the exp claim against the margin', () => {
    const exp = now / 1000 + 600;
    expect(tokenExpiresWithin(jwt({ sub: 'user-1', exp }), 30_000, now)).toBe(false);
    expect(tokenExpiresWithin(jwt({ exp }), 600_000, now)).toBe(true);
    expect(tokenExpiresWithin(jwt({ exp: now / 1000 - 1 }), 0, now)).toBe(true);
  });

  it('treats an unreadable token as expiring', () => {
    expect(tokenExpiresWithin('not-a-jwt', 0, now)).toBe(true);
    expect(tokenExpiresWithin('a.%%%.c', 0, now)).toBe(true);
    expect(tokenExpiresWithin(jwt({ sub: 'x' }), 0, now)).toBe(true);
  });
});
