/**
 * Whether a JWT's `exp` claim falls within `marginMs` from now. A token that cannot be read counts as
 * expiring, so the caller refreshes rather than connecting with it. Only the time is read; the server
 * verifies the token.
 */
export function tokenExpiresWithin(token: string, marginMs: number, now: number = Date.now()): boolean {
  const payload = token.split('.')[1];
  if (!payload) return true;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp !== 'number' || exp * 1000 - now <= marginMs;
  } catch {
    return true;
  }
}
