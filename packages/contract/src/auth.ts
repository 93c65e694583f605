import { z } from 'zod';
import { LIMITS } from './common.js';
import { safeText } from './safe-text.js';
import { ko } from './texts.ko.js';
import { UserDto } from './users.js';
import { Email } from './validation.js';

/** Multipart form of `POST /api/auth/sign-in`. */
export const SignInForm = z.object({
  username: z
    .string({ message: ko.validation.loginIdRequired })
    .trim()
    .min(1, ko.validation.loginIdRequired)
    .max(LIMITS.emailMaxLength, ko.validation.loginEmailInvalid)
    .check(safeText),
  password: z
    .string({ message: ko.validation.loginPasswordRequired })
    .min(1, ko.validation.loginPasswordRequired)
    .max(LIMITS.passwordMaxLength, ko.validation.passwordTooLong)
    .check(safeText),
});
export type SignInForm = z.infer<typeof SignInForm>;

export const JwtDto = z.object({
  accessToken: z.string(),
  userDto: UserDto,
});
export type JwtDto = z.infer<typeof JwtDto>;

export const ResetPasswordRequest = z.object({ email: Email });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const REFRESH_COOKIE = 'REFRESH_TOKEN';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
