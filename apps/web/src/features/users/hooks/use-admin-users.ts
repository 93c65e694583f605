import { useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '@otboo/contract';
import { getUsers, type UserListParams } from '@/features/users/api/get-users';
import { replaceById, type ListData } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import { useCursorList } from '@/lib/use-cursor-list';

export type AdminUserParams = Omit<UserListParams, 'cursor' | 'idAfter'>;

/** Admin user list: 20 per page, newest accounts first (docs/product.md §7). */
export const ADMIN_USERS_DEFAULT_PARAMS: AdminUserParams = {
  limit: 20,
  sortBy: 'createdAt',
  sortDirection: 'DESCENDING',
};

/**
 * GET /api/users as a cursor list. `update` (a lock or role change) reaches every cached user list, so
 * another filter shows the account as it is now.
 */
export function useAdminUsers(params: AdminUserParams) {
  const queryClient = useQueryClient();
  const list = useCursorList<UserDto, AdminUserParams>({
    queryKey: queryKeys.users.list(params),
    fetchPage: getUsers,
  });
  return {
    ...list,
    update: (user: UserDto) =>
      queryClient.setQueriesData<ListData<UserDto>>(
        { queryKey: queryKeys.users.lists() },
        (data) => data && replaceById(data, user),
      ),
  };
}
