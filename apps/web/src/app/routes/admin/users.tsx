import { useCallback, useState } from 'react';
import { ko, type UserDto } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { UsersFilters } from '@/features/users/components/admin/users-filters';
import { UsersTable } from '@/features/users/components/admin/users-table';
import { updateUserLock } from '@/features/users/api/update-user-lock';
import { updateUserRole } from '@/features/users/api/update-user-role';
import {
  ADMIN_USERS_DEFAULT_PARAMS,
  useAdminUsers,
  type AdminUserParams,
} from '@/features/users/hooks/use-admin-users';
import { toast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { nextSort } from '@/utils/next-sort';

/** /admin/users — list, lock and promote accounts (docs/product.md §2 "Admin users"). */
export function AdminUsersRoute() {
  const currentUserId = useSession((s) => s.user?.id);
  const [params, setParams] = useState<AdminUserParams>(ADMIN_USERS_DEFAULT_PARAMS);
  const users = useAdminUsers(params);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const changeFilters = useCallback(
    (patch: Partial<AdminUserParams>) => setParams((current) => ({ ...current, ...patch })),
    [],
  );

  async function withPending(user: UserDto, action: () => Promise<void>) {
    setPending((s) => new Set(s).add(user.id));
    try {
      await action();
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(user.id);
        return next;
      });
    }
  }

  function toggleLock(user: UserDto) {
    void withPending(user, async () => {
      try {
        const updated = await updateUserLock(user.id, { locked: !user.locked });
        users.update(updated);
        toast.success(updated.locked ? ko.users.locked(updated.email) : ko.users.unlocked(updated.email));
      } catch {
        toast.error(ko.users.lockFailed);
      }
    });
  }

  function toggleAdmin(user: UserDto) {
    void withPending(user, async () => {
      try {
        const updated = await updateUserRole(user.id, { role: user.role === 'ADMIN' ? 'USER' : 'ADMIN' });
        users.update(updated);
        toast.success(ko.users.roleChanged(updated.email, updated.role));
      } catch {
        toast.error(ko.users.roleFailed);
      }
    });
  }

  return (
    <Page title={ko.users.adminUsersTitle}>
      <div className="flex flex-col gap-5">
        <UsersFilters params={params} onChange={changeFilters} />
        <UsersTable
          users={users.items}
          loading={users.loading}
          error={users.error}
          hasNext={users.hasNext}
          sortBy={params.sortBy}
          sortDirection={params.sortDirection}
          currentUserId={currentUserId}
          pending={pending}
          onSort={(column) => setParams((current) => ({ ...current, ...nextSort(current, column) }))}
          onToggleLock={toggleLock}
          onToggleAdmin={toggleAdmin}
          onLoadMore={() => void users.loadMore()}
        />
      </div>
    </Page>
  );
}
