// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import {
  allValid,
  confirmRule,
  emailRule,
  liveError,
  loginIdRule,
  loginPasswordRule,
  nameRule,
  resetConfirmRule,
  resetPasswordRule,
  signUpPasswordRule,
  temporaryPasswordRule,
} from '@/features/auth/utils/validation';

describe('sign-up rules (docs/product.md §5)', () => {
  it('e-mail: required, text@text.text, no spaces', () => {
    expect(emailRule('')).toBe(ko.validation.emailRequired);
    expect(emailRule('a@b.c')).toBeNull();
    expect(emailRule('user@example.com')).toBeNull();
    for (const bad of ['plain', 'a@b', '@b.c', 'a b@c.d', 'a@b .c', 'a@@b.c'])
      expect(emailRule(bad)).toBe(ko.validation.emailInvalid);
  });

  it('name: 2–20 Hangul, letters or digits', () => {
    expect(nameRule('')).toBe(ko.validation.nameRequired);
    expect(nameRule('홍길동')).toBeNull();
    expect(nameRule('ab')).toBeNull();
    expect(nameRule('가'.repeat(20))).toBeNull();
    expect(nameRule('a')).toBe(ko.validation.namePattern);
    expect(nameRule('가'.repeat(21))).toBe(ko.validation.namePattern);
    expect(nameRule('홍 길동')).toBe(ko.validation.namePattern);
    expect(nameRule('hong_gd')).toBe(ko.validation.namePattern);
  });

  it('password: required, at least 6, a letter and a digit, any keyboard symbol besides', () => {
    expect(signUpPasswordRule('')).toBe(ko.validation.passwordRequired);
    expect(signUpPasswordRule('ab1')).toBe(ko.validation.passwordTooShort);
    expect(signUpPasswordRule('abc123')).toBeNull();
    expect(signUpPasswordRule('abc12!')).toBeNull();
    expect(signUpPasswordRule('abcdef')).toBe(ko.validation.passwordPattern);
    expect(signUpPasswordRule('123456')).toBe(ko.validation.passwordPattern);
    for (const symbol of '#-_.~^()[]{}+=<>/\\|\'":;,`')
      expect(signUpPasswordRule(`abc12${symbol}`), symbol).toBeNull();
    expect(signUpPasswordRule('abc 123')).toBe(ko.validation.passwordPattern);
    expect(signUpPasswordRule('abc123가')).toBe(ko.validation.passwordPattern);
  });

  it('confirmation: required and equal', () => {
    const rule = confirmRule('abc123');
    expect(rule('')).toBe(ko.validation.confirmRequired);
    expect(rule('abc124')).toBe(ko.validation.confirmMismatch);
    expect(rule('abc123')).toBeNull();
  });
});

describe('login rules use their own wording', () => {
  it('ID', () => {
    expect(loginIdRule(' ')).toBe(ko.validation.loginIdRequired);
    expect(loginIdRule('nope')).toBe(ko.validation.loginEmailInvalid);
    expect(loginIdRule('user@example.com')).toBeNull();
  });

  it('password', () => {
    expect(loginPasswordRule('')).toBe(ko.validation.loginPasswordRequired);
    expect(loginPasswordRule('abc')).toBe(ko.validation.loginPasswordInvalid);
    expect(loginPasswordRule('abcdefg')).toBe(ko.validation.loginPasswordInvalid);
    expect(loginPasswordRule('admin1234!')).toBeNull();
  });
});

describe('forgot-password rules', () => {
  it('temporary password is required', () => {
    expect(temporaryPasswordRule('  ')).toBe(ko.validation.temporaryPasswordRequired);
    expect(temporaryPasswordRule('Ab3dEf9h')).toBeNull();
  });

  it('new password and its confirmation', () => {
    expect(resetPasswordRule('short1')).toBeNull();
    expect(resetPasswordRule('nodigits')).toBe(ko.validation.resetPasswordInvalid);
    expect(resetConfirmRule('abc123')('abc12')).toBe(ko.validation.resetPasswordMismatch);
    expect(resetConfirmRule('abc123')('abc123')).toBeNull();
  });
});

describe('live validation', () => {
  it('shows nothing for an empty field, the message for an invalid one, nothing once valid', () => {
    expect(liveError(emailRule, '')).toBeNull();
    expect(liveError(emailRule, 'a@')).toBe(ko.validation.emailInvalid);
    expect(liveError(emailRule, 'a@b.co')).toBeNull();
  });

  it('submit needs every field filled and valid', () => {
    expect(
      allValid([
        [emailRule, 'a@b.co'],
        [nameRule, '홍길동'],
      ]),
    ).toBe(true);
    expect(
      allValid([
        [emailRule, 'a@b.co'],
        [nameRule, ''],
      ]),
    ).toBe(false);
    expect(
      allValid([
        [emailRule, 'a@b'],
        [nameRule, '홍길동'],
      ]),
    ).toBe(false);
  });
});
