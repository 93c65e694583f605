import { z } from 'zod';
import { LIMITS } from './common.js';
import { ko } from './texts.ko.js';

/** `text@text.text` without spaces (spec §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** ≥ 6 chars, a letter and a digit, only letters, digits and @$!%*?& (spec §5). */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d@$!%*?&]+$/;
/** 2–20 chars of Hangul, letters and digits (spec §5). */
export const NAME_PATTERN = /^[가-힣a-zA-Z0-9]{2,20}$/;

export const Email = z
  .string({ message: ko.validation.emailRequired })
  .trim()
  .min(1, ko.validation.emailRequired)
  .max(LIMITS.emailMaxLength, ko.validation.emailInvalid)
  .regex(EMAIL_PATTERN, ko.validation.emailInvalid)
  .transform((v) => v.toLowerCase());

export const Password = z
  .string({ message: ko.validation.passwordRequired })
  .min(1, ko.validation.passwordRequired)
  .min(LIMITS.passwordMin, ko.validation.passwordTooShort)
  .max(LIMITS.passwordMaxLength, ko.validation.passwordTooLong)
  .regex(PASSWORD_PATTERN, ko.validation.passwordPattern);

export const UserName = z
  .string({ message: ko.validation.nameRequired })
  .trim()
  .min(1, ko.validation.nameRequired)
  .regex(NAME_PATTERN, ko.validation.namePattern);
