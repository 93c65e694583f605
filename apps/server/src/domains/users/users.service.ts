import type { FastifyBaseLogger } from 'fastify';
import {
  ko,
  type ChangePasswordRequest,
  type CursorPage,
  type Role,
  type UserCreateRequest,
  type UserDto,
  type UserListQuery,
} from '@otboo/contract';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { toPage } from '../../lib/cursor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { randomPassword } from '../../lib/random-passwords.js';
import type { ClientMeta } from '../../lib/client-meta.js';
import type { Notifier } from '../notifications/index.js';
import type { ProfilesRepo } from './profiles.repo.js';
import { createProfilesService, type ProfilesServiceDeps } from './profiles.service.js';
import { toUserDto, type UserRow } from './users.mapper.js';
import type { UsersRepo } from './users.repo.js';

/**
 * What the users domain needs of sign-in sessions, provided by the auth domain when the app is assembled: users
 * does not import auth (auth reads accounts through this domain's index, so the dependency runs one way).
 */
export interface AccountSessions {
  /** Ends every session of the user, inside the caller's transaction when one is given. */
  revokeUserSessions(userId: string, reason: string, executor?: Executor): Promise<unknown>;
  /** Tells every instance that the user's sessions changed (open streams re-check theirs). */
  sessionsChanged(userId: string): void;
  /** Sets a new password after checking the proof (the current password or a fresh session). */
  changePassword(
    actor: Actor,
    change: { password: string; currentPassword?: string | undefined },
    meta: ClientMeta,
  ): Promise<void>;
}

export interface UsersServiceDeps {
  db: Db;
  usersRepo: UsersRepo;
  profilesRepo: ProfilesRepo;
  auth: AccountSessions;
  notifier: Notifier;
  storage: Storage;
  /** Names a saved profile location (the weather domain's resolver). */
  locate: ProfilesServiceDeps['locate'];
  log: FastifyBaseLogger;
}

export interface BootstrapAdmin {
  email: string;
  name: string;
  /** Unset: one is generated and logged once. */
  password: string | undefined;
}

const GENERATED_ADMIN_PASSWORD_LENGTH = 16;

export function createUsersService({
  db,
  usersRepo,
  profilesRepo,
  auth,
  notifier,
  storage,
  locate,
  log,
}: UsersServiceDeps) {
  const notFoundError = () => notFound(ko.users.notFound, 'UserNotFoundException');

  async function dtoOf(row: UserRow): Promise<UserDto> {
    const providers = await usersRepo.providersOf(db, [row.id]);
    return toUserDto(row, providers.get(row.id));
  }

  return {
    profiles: createProfilesService({
      db,
      usersRepo,
      profilesRepo,
      storage,
      locate,
      log,
    }),

    /** Sign-up: a USER with an empty profile; 409 when the e-mail exists (case-insensitive). */
    async signUp(input: UserCreateRequest): Promise<UserDto> {
      const passwordHash = await hashPassword(input.password);
      const row = await usersRepo.insertWithProfile(db, {
        email: input.email,
        name: input.name,
        passwordHash,
      });
      if (!row) throw conflict(ko.auth.emailTaken, 'DuplicateEmailException', { email: ko.auth.emailTaken });
      return toUserDto(row);
    },

    /** Admin list (docs/api.md §2): filters, sort by e-mail or creation time, keyset pages, count ignoring the cursor. */
    async list(query: UserListQuery): Promise<CursorPage<UserDto>> {
      const sort = { sortBy: query.sortBy, sortDirection: query.sortDirection };
      const { rows, totalCount } = await usersRepo.list(
        db,
        { emailLike: query.emailLike, roleEqual: query.roleEqual, locked: query.locked },
        { ...sort, limit: query.limit, cursor: query.cursor, idAfter: query.idAfter },
      );
      return toPage(
        rows,
        query.limit,
        totalCount,
        sort,
        (r) => ({ sortKey: query.sortBy === 'email' ? r.user.email : r.user.createdAt, id: r.user.id }),
        (r) => toUserDto(r.user, r.providers),
      );
    },

    /**
     * Admin changes someone else's role. A real change ends all their sessions (old tokens stop working at
     * once) and notifies them; the notification is stored with the change and published after commit.
     */
    async changeRole(actor: Actor, userId: string, role: Role): Promise<UserDto> {
      if (actor.userId === userId)
        throw badRequest(
          ko.users.selfRoleForbidden,
          { role: ko.users.selfRoleForbidden },
          'SelfRoleChangeException',
        );
      const result = await db.transaction(async (tx) => {
        const changed = await usersRepo.changeRole(tx, userId, role);
        if (!changed)
          return { user: await usersRepo.findById(tx, userId), changed: false, notifications: [] };
        await auth.revokeUserSessions(userId, 'role-changed', tx);
        const notifications = await notifier.record(tx, [
          {
            receiverId: userId,
            title: ko.users.roleChangedNotificationTitle,
            content: ko.users.roleChangedNotificationContent(role),
            kind: 'ROLE',
            sourceUserId: actor.userId,
          },
        ]);
        return { user: changed, changed: true, notifications };
      });
      if (!result.user) throw notFoundError();
      if (result.changed) auth.sessionsChanged(userId);
      await notifier.publish(result.notifications);
      return dtoOf(result.user);
    },

    /** Admin locks or unlocks someone else; locking ends every session of that user at once. */
    async changeLock(actor: Actor, userId: string, locked: boolean): Promise<UserDto> {
      if (actor.userId === userId)
        throw badRequest(
          ko.users.selfLockForbidden,
          { locked: ko.users.selfLockForbidden },
          'SelfLockChangeException',
        );
      const user = await db.transaction(async (tx) => {
        const changed = await usersRepo.changeLocked(tx, userId, locked);
        if (!changed) return usersRepo.findById(tx, userId);
        if (locked) await auth.revokeUserSessions(userId, 'locked', tx);
        return changed;
      });
      if (!user) throw notFoundError();
      auth.sessionsChanged(userId);
      return dtoOf(user);
    },

    /** Own password only (the forgot-password flow signs in with the temporary one first). */
    async changePassword(
      actor: Actor,
      userId: string,
      change: ChangePasswordRequest,
      meta: ClientMeta,
    ): Promise<void> {
      if (actor.userId !== userId) throw forbidden(ko.users.notSelf);
      await auth.changePassword(actor, change, meta);
    },

    /**
     * Creates the configured administrator when no ADMIN exists. Instances starting together take turns on
     * an advisory lock, so exactly one creates it; a generated password is logged once, by that instance.
     */
    async ensureBootstrapAdmin(admin: BootstrapAdmin): Promise<void> {
      if (await usersRepo.adminExists(db)) return;
      const password = admin.password ?? randomPassword(GENERATED_ADMIN_PASSWORD_LENGTH);
      const passwordHash = await hashPassword(password);
      const outcome = await db.transaction(async (tx) => {
        await usersRepo.lockAdminBootstrap(tx);
        if (await usersRepo.adminExists(tx)) return 'exists' as const;
        const created = await usersRepo.insertWithProfile(tx, {
          email: admin.email,
          name: admin.name,
          passwordHash,
          role: 'ADMIN',
        });
        return created ? ('created' as const) : ('email-taken' as const);
      });
      if (outcome === 'email-taken') {
        // Promoting an account someone else may have registered would hand them the administration.
        log.warn(
          { email: admin.email },
          'no ADMIN exists and ADMIN_EMAIL belongs to a USER account: set ADMIN_EMAIL to a free address',
        );
      } else if (outcome === 'created') {
        log.info({ email: admin.email }, 'bootstrap administrator created');
        // docs/configuration.md: a generated password is printed once, at the first start (it is not stored anywhere else).
        if (!admin.password)
          log.warn(`bootstrap administrator ${admin.email} has the generated password: ${password}`);
      }
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
