import { z } from 'zod';
import { LIMITS } from './common.js';
import { safeText } from './safe-text.js';
import { ko } from './texts.ko.js';

/**
 * `text@text.text` without spaces (docs/product.md §5): a local part, an @, then a domain with a dot that is neither its
 * first nor its last character. Written so that every character has one way to match (the domain's first
 * dot after its first character ends `[^\s@.]*`), which keeps it linear on hostile input; the plain
 * `[^\s@]+\.[^\s@]+` form tries every dot and is quadratic (docs/security.md).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
/**
 * ≥ 6 chars, a letter and a digit, made of letters, digits and the keyboard's symbols (docs/product.md §5): printable
 * ASCII without the space, so '#', '-', '_' and '.' are fine, while a space or 한글 typed in the wrong keyboard mode
 * is refused.
 */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7E]+$/;
/** 2–20 chars of Hangul, letters and digits (docs/product.md §5). */
export const NAME_PATTERN = /^[가-힣a-zA-Z0-9]{2,20}$/;

/** Too long stops the checks (`abort`): the pattern only ever sees bounded input. */
export const Email = z
  .string({ message: ko.validation.emailRequired })
  .trim()
  .min(1, ko.validation.emailRequired)
  .max(LIMITS.emailMaxLength, { message: ko.validation.emailInvalid, abort: true })
  .check(safeText)
  .regex(EMAIL_PATTERN, ko.validation.emailInvalid)
  .transform((v) => v.toLowerCase());

export const Password = z
  .string({ message: ko.validation.passwordRequired })
  .min(1, ko.validation.passwordRequired)
  .min(LIMITS.passwordMin, ko.validation.passwordTooShort)
  .max(LIMITS.passwordMaxLength, { message: ko.validation.passwordTooLong, abort: true })
  .check(safeText)
  .regex(PASSWORD_PATTERN, ko.validation.passwordPattern);

export const UserName = z
  .string({ message: ko.validation.nameRequired })
  .trim()
  .min(1, ko.validation.nameRequired)
  .max(LIMITS.nameMax, { message: ko.validation.namePattern, abort: true })
  .check(safeText)
  .regex(NAME_PATTERN, ko.validation.namePattern);
