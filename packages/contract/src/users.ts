import { z } from 'zod';
import {
  BooleanParam,
  Gender,
  Id,
  Instant,
  LIMITS,
  OAuthProvider,
  PageQuery,
  Role,
  SearchParam,
  SortDirectionParam,
  cursorPage,
  optionalParam,
} from './common.js';
import { safeText } from './safe-text.js';
import { ko } from './texts.ko.js';
import { Email, Password, UserName } from './validation.js';
import { LocationInput, Location } from './weather.js';

export const UserDto = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: Role,
  locked: z.boolean(),
  createdAt: Instant,
  linkedOAuthProviders: z.array(OAuthProvider),
});
export type UserDto = z.infer<typeof UserDto>;

export const UserCreateRequest = z.object({ email: Email, name: UserName, password: Password });
export type UserCreateRequest = z.infer<typeof UserCreateRequest>;

export const USER_SORT_FIELDS = ['email', 'createdAt'] as const;
export const UserListQuery = PageQuery.extend({
  emailLike: SearchParam,
  roleEqual: optionalParam(Role),
  locked: optionalParam(BooleanParam),
  sortBy: optionalParam(z.enum(USER_SORT_FIELDS)).transform((v) => v ?? 'createdAt'),
  sortDirection: SortDirectionParam,
});
export type UserListQuery = z.infer<typeof UserListQuery>;
export const UserPage = cursorPage(UserDto);

export const UserRoleUpdateRequest = z.object({ role: Role });
export type UserRoleUpdateRequest = z.infer<typeof UserRoleUpdateRequest>;

export const UserLockUpdateRequest = z.object({ locked: z.boolean() });
export type UserLockUpdateRequest = z.infer<typeof UserLockUpdateRequest>;

/**
 * `currentPassword` proves the caller knows the password (optional for the course frontend): without it the
 * change needs a session opened with the temporary password or less than 10 minutes ago (docs/security.md).
 */
export const ChangePasswordRequest = z.object({
  password: Password,
  currentPassword: z
    .string({ message: ko.auth.currentPasswordRequired })
    .min(1, ko.auth.currentPasswordRequired)
    .max(LIMITS.passwordMaxLength, ko.validation.passwordTooLong)
    .check(safeText)
    .optional(),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const UserIdParams = z.object({ userId: Id });

export const ProfileDto = z.object({
  userId: z.string(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  gender: Gender.nullable(),
  birthDate: z.string().nullable(),
  location: Location.nullable(),
  temperatureSensitivity: z.number(),
});
export type ProfileDto = z.infer<typeof ProfileDto>;

const BIRTH_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const BirthDate = z
  .string()
  .max(10, { message: ko.validation.birthDateInvalid, abort: true })
  .check(safeText)
  .regex(BIRTH_DATE, ko.validation.birthDateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) &&
      d.toISOString().startsWith(v) &&
      d.getUTCFullYear() >= 1900 &&
      d.getTime() <= Date.now()
    );
  }, ko.validation.birthDateInvalid);

export const TemperatureSensitivity = z
  .number()
  .min(LIMITS.temperatureSensitivityMin, ko.validation.temperatureSensitivityRange)
  .max(LIMITS.temperatureSensitivityMax, ko.validation.temperatureSensitivityRange);

/** JSON part `request` of `PATCH /api/users/{id}/profiles`; every field optional, null clears. */
export const ProfileUpdateRequest = z.object({
  name: UserName.optional(),
  gender: Gender.nullable().optional(),
  birthDate: z.preprocess((v) => (v === '' ? null : v), BirthDate.nullable().optional()),
  location: LocationInput.nullable().optional(),
  temperatureSensitivity: TemperatureSensitivity.optional(),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;
