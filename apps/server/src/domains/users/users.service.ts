import { ko, type UserCreateRequest, type UserDto } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { toUserDto } from './users.mapper.js';
import type { UsersRepo } from './users.repo.js';

export interface UsersServiceDeps {
  db: Db;
  usersRepo: UsersRepo;
}

export function createUsersService({ db, usersRepo }: UsersServiceDeps) {
  return {
    /** Sign-up: a USER with an empty profile; 409 when the e-mail exists (case-insensitive). */
    async signUp(input: UserCreateRequest): Promise<UserDto> {
      const passwordHash = await hashPassword(input.password);
      const row = await usersRepo.insertWithProfile(db, { email: input.email, name: input.name, passwordHash });
      if (!row) throw conflict(ko.auth.emailTaken, 'DuplicateEmailException', { email: ko.auth.emailTaken });
      return toUserDto(row);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
