/**
 * Masks the name part of an e-mail: its first 2 characters, stars, its last character
 * (`honggildong@example.com` → `ho********g@example.com`). Short names keep only their first character.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  if (local.length <= 3) return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 1))}${domain}`;
  return `${local.slice(0, 2)}${'*'.repeat(local.length - 3)}${local.slice(-1)}${domain}`;
}
