import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, updatedAt } from './columns.js';
import { GENDERS, OAUTH_PROVIDERS, ROLES } from '@otboo/contract';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text().notNull(),
    name: text().notNull(),
    /** Null for accounts created by social sign-in until they set one. */
    passwordHash: text(),
    role: text({ enum: ROLES }).notNull().default('USER'),
    locked: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    /** The admin list's locked filter: its page and its count read only the locked users, a few of them. */
    index('users_locked_created_at_id_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.locked}`),
    index('users_email_id_idx').on(t.email, t.id),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    /** Name search (feed keyword over author names, follower lists); `otboo_grams` is in migration 0006. */
    index('users_name_grams_idx').using('gin', sql`otboo_grams(${t.name})`),
  ],
);

export const profiles = pgTable('profiles', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  gender: text({ enum: GENDERS }),
  birthDate: date({ mode: 'string' }),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  gridX: integer(),
  gridY: integer(),
  locationNames: text().array(),
  temperatureSensitivity: real().notNull().default(2.5),
  /** Storage key of the re-encoded avatar. */
  imageKey: text(),
  /** Avatar URL from a social provider, used until the user uploads their own. */
  externalImageUrl: text(),
  updatedAt: updatedAt(),
});

/** One signed-in device. Revoking it ends its access tokens at once (they carry its id). */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: instant().notNull().defaultNow(),
    expiresAt: instant().notNull(),
    revokedAt: instant(),
    revokedReason: text(),
    /** Signed in with a temporary password: only the password change is expected next. */
    viaTemporaryPassword: boolean().notNull().default(false),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Refresh tokens are stored as SHA-256 hashes; a used one presented again revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: idColumn(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: idColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text({ enum: OAUTH_PROVIDERS }).notNull(),
    providerUserId: text().notNull(),
    email: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_accounts_provider_subject_key').on(t.provider, t.providerUserId),
    index('social_accounts_user_idx').on(t.userId),
  ],
);

/** At most one live temporary password per user (forgot-password flow). */
export const temporaryPasswords = pgTable('temporary_passwords', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text().notNull(),
  expiresAt: instant().notNull(),
  createdAt: createdAt(),
});

/**
 * Failed sign-ins per (e-mail, client address), shared by every instance. Counted per pair so a stranger's
 * failures never delay the owner signing in from elsewhere; past the limit each failure sets `retryAt`, a
 * delay that doubles with every further failure (docs/security.md). A pair quiet for the window starts over.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    email: text().notNull(),
    ip: text().notNull(),
    failures: integer().notNull().default(0),
    lastFailedAt: instant().notNull().defaultNow(),
    /** No attempt from this pair is checked before this instant. */
    retryAt: instant(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.ip] }),
    index('sign_in_failures_last_failed_at_idx').on(t.lastFailedAt),
  ],
);

/** Small key/value store for values instances must share (e.g. the generated JWT secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
