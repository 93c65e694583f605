import { createHash, randomInt } from 'node:crypto';
import { EMAIL_PATTERN, LIMITS, NAME_PATTERN, type OAuthProvider } from '@otboo/contract';

/** Used when the provider's name has fewer than two characters our name rule accepts. */
export const FALLBACK_NAME_PREFIX = '사용자';

/**
 * The provider's display name made valid for our rule (2–20 Hangul syllables, letters, digits): other
 * characters (spaces, emoji, punctuation) are dropped, the rest cut at 20; too short → '사용자' + 4 digits.
 */
export function accountName(providerName: string | null): string {
  const kept = [...(providerName ?? '').normalize('NFC')]
    .filter((c) => /[가-힣a-zA-Z0-9]/.test(c))
    .slice(0, LIMITS.nameMax)
    .join('');
  if (NAME_PATTERN.test(kept)) return kept;
  return `${FALLBACK_NAME_PREFIX}${randomInt(0, 10_000).toString().padStart(4, '0')}`;
}

/** The reserved `.invalid` TLD (RFC 2606) never delivers mail, so no real mailbox has such an address. */
export const PLACEHOLDER_EMAIL_DOMAIN = 'users.otboo.invalid';

/**
 * The e-mail of an account whose provider gave no usable one: the same for the same provider account every
 * time (`kakao_123456@users.otboo.invalid`). `variant` makes a different one when that address is taken
 * (someone signed up with it by hand).
 */
export function placeholderEmail(provider: OAuthProvider, subject: string, variant?: string): string {
  const id = /^[A-Za-z0-9_-]{1,64}$/.test(subject)
    ? subject
    : createHash('sha256').update(subject).digest('hex').slice(0, 32);
  return `${provider}_${id}${variant ? `.${variant}` : ''}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}

/** An address the provider gave that our e-mail rule accepts; null otherwise. */
export function usableEmail(email: string | null): string | null {
  if (!email || email.length > LIMITS.emailMaxLength || !EMAIL_PATTERN.test(email)) return null;
  if (email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`)) return null;
  return email;
}
