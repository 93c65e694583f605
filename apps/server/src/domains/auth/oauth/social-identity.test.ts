import { describe, expect, it } from 'vitest';
import { NAME_PATTERN } from '@otboo/contract';
import { accountName, placeholderEmail, usableEmail } from './social-identity.js';

describe('social identity', () => {
  it('keeps Hangul, letters and digits of the provider name, at most 20', () => {
    expect(accountName('홍길동')).toBe('홍길동');
    expect(accountName('Hong Gil-dong 🙂')).toBe('HongGildong');
    expect(accountName('김 옷장 #1')).toBe('김옷장1');
    expect(accountName('a'.repeat(30))).toBe('a'.repeat(20));
    // Decomposed jamo are composed first.
    expect(accountName('한글'.normalize('NFD'))).toBe('한글');
  });

  it('falls back to 사용자 and four digits when too little is left', () => {
    for (const name of [null, '', 'J', '🙂🙂', '---', 'ㅋㅋ']) {
      const made = accountName(name);
      expect(made).toMatch(/^사용자\d{4}$/);
      expect(made).toMatch(NAME_PATTERN);
    }
  });

  it('makes a stable placeholder e-mail on the reserved .invalid domain', () => {
    expect(placeholderEmail('kakao', '123456789')).toBe('kakao_123456789@users.otboo.invalid');
    expect(placeholderEmail('kakao', '123456789')).toBe(placeholderEmail('kakao', '123456789'));
    expect(placeholderEmail('google', '42', 'a1b2c3')).toBe('google_42.a1b2c3@users.otboo.invalid');
    // An id with characters an address cannot hold is hashed.
    expect(placeholderEmail('google', 'a b@c')).toMatch(/^google_[0-9a-f]{32}@users\.otboo\.invalid$/);
  });

  it('accepts only addresses our rule accepts, never a placeholder', () => {
    expect(usableEmail('me@gmail.com')).toBe('me@gmail.com');
    expect(usableEmail(null)).toBeNull();
    expect(usableEmail('not-an-email')).toBeNull();
    expect(usableEmail(`${'a'.repeat(250)}@x.io`)).toBeNull();
    expect(usableEmail('kakao_1@users.otboo.invalid')).toBeNull();
  });
});
