import type { UserDto } from '@otboo/contract';
import { getUsers, type UserListParams } from '@/features/users/api/get-users';
import { createListStore } from '@/lib/create-list-store';

export type AdminUserParams = Omit<UserListParams, 'cursor' | 'idAfter'>;

/** Admin user list: 20 per page, newest accounts first (spec §7 fixed values). */
export const ADMIN_USERS_DEFAULT_PARAMS: AdminUserParams = {
  limit: 20,
  sortBy: 'createdAt',
  sortDirection: 'DESCENDING',
};

export const useAdminUsers = createListStore<UserDto, AdminUserParams>(getUsers, ADMIN_USERS_DEFAULT_PARAMS);
