import { EMAIL_PATTERN, Email, LIMITS, PASSWORD_PATTERN, Password, UserName, ko } from '@otboo/contract';
import type { z } from 'zod';

/** A field check: the message to show, or null when the value is fine. */
export type Rule = (value: string) => string | null;

function firstIssue(schema: z.ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? ko.common.invalidInput);
}

function isPassword(value: string): boolean {
  return (
    value.length >= LIMITS.passwordMin &&
    value.length <= LIMITS.passwordMaxLength &&
    PASSWORD_PATTERN.test(value)
  );
}

/** Sign-up and forgot-password e-mail: the contract's own rule and messages. */
export const emailRule: Rule = (value) => firstIssue(Email, value);

/** Sign-up name: 2–20 Hangul, letters or digits. */
export const nameRule: Rule = (value) => firstIssue(UserName, value);

/** Sign-up password: required, at least 6, a letter and a digit, letters, digits and symbols without spaces. */
export const signUpPasswordRule: Rule = (value) => firstIssue(Password, value);

/** Confirmation of a sign-up password. */
export function confirmRule(password: string): Rule {
  return (value) =>
    value === '' ? ko.validation.confirmRequired : value !== password ? ko.validation.confirmMismatch : null;
}

/** Login ID: the login page words its messages its own way (docs/product.md §5). */
export const loginIdRule: Rule = (value) =>
  value.trim() === ''
    ? ko.validation.loginIdRequired
    : EMAIL_PATTERN.test(value.trim())
      ? null
      : ko.validation.loginEmailInvalid;

export const loginPasswordRule: Rule = (value) =>
  value === ''
    ? ko.validation.loginPasswordRequired
    : isPassword(value)
      ? null
      : ko.validation.loginPasswordInvalid;

/** Forgot-password step 2. */
export const temporaryPasswordRule: Rule = (value) =>
  value.trim() === '' ? ko.validation.temporaryPasswordRequired : null;

/** Forgot-password step 3: the new password and its confirmation. */
export const resetPasswordRule: Rule = (value) =>
  value === ''
    ? ko.validation.passwordRequired
    : isPassword(value)
      ? null
      : ko.validation.resetPasswordInvalid;

export function resetConfirmRule(password: string): Rule {
  return (value) =>
    value === ''
      ? ko.validation.confirmRequired
      : value !== password
        ? ko.validation.resetPasswordMismatch
        : null;
}

/**
 * Live validation while typing (docs/product.md §5): an empty field shows no error yet, an invalid one shows its
 * message, a valid one clears it.
 */
export function liveError(rule: Rule, value: string): string | null {
  return value === '' ? null : rule(value);
}

/** Submit is possible only when every field is filled and passes its rule. */
export function allValid(fields: Array<[Rule, string]>): boolean {
  return fields.every(([rule, value]) => value !== '' && rule(value) === null);
}
