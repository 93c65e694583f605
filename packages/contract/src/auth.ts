import { z } from 'zod';
import { LIMITS, OAUTH_PROVIDERS } from './common.js';
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

export const JwtDto = z.object({
  accessToken: z.string(),
  userDto: UserDto,
});
export type JwtDto = z.infer<typeof JwtDto>;

export const ResetPasswordRequest = z.object({ email: Email });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** `POST /api/users/{id}/social-links/{provider}`: links a provider account to the signed-in account. */
export const SocialLinkParams = z.object({
  provider: z.enum(OAUTH_PROVIDERS, { message: ko.auth.socialProviderUnknown }),
});
/** Where the browser goes next (the provider's page); the state cookie comes with the answer. */
export const SocialLinkStart = z.object({ authorizationUrl: z.string() });
export type SocialLinkStart = z.infer<typeof SocialLinkStart>;

export const REFRESH_COOKIE = 'REFRESH_TOKEN';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
