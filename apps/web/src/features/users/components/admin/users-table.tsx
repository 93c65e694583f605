import { ko, type UserDto } from '@otboo/contract';
import { AdminTable } from '@/components/ui/admin-table';
import { Badge } from '@/components/ui/badge';
import { SortableHeader } from '@/components/ui/sortable-header';
import { Switch } from '@/components/ui/switch';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import { formatDate } from '@/utils/format-date';

type SortColumn = 'email' | 'createdAt';

interface UsersTableProps {
  users: UserDto[];
  loading: boolean;
  error: string | null;
  hasNext: boolean;
  sortBy: string | undefined;
  sortDirection: string | undefined;
  /** The signed-in admin: their own row's controls are disabled. */
  currentUserId: string | undefined;
  /** Ids with a change in flight. */
  pending: ReadonlySet<string>;
  onSort(column: SortColumn): void;
  onToggleLock(user: UserDto): void;
  onToggleAdmin(user: UserDto): void;
  onLoadMore(): void;
}

/** The admin user table with sortable e-mail and creation-date columns and infinite scroll. */
export function UsersTable(props: UsersTableProps) {
  const { users, loading, error, hasNext, currentUserId, pending } = props;
  const sentinel = useInfiniteScroll<HTMLDivElement>({
    enabled: hasNext && !loading && !error,
    onReachEnd: props.onLoadMore,
  });

  return (
    <AdminTable
      busy={loading}
      emptyText={!loading && !error && users.length === 0 ? ko.users.empty : null}
      error={error}
      spinnerLabel={loading ? (users.length > 0 ? ko.common.loadingMore : ko.common.loading) : null}
      after={<div ref={sentinel} aria-hidden className="h-px" />}
      head={
        <>
          <SortableHeader column="email" label={ko.users.columnEmail} className="w-[44%]" {...props} />
          <SortableHeader
            column="createdAt"
            label={ko.users.columnCreatedAt}
            className="w-[20%]"
            {...props}
          />
          <th scope="col" className="w-[20%] px-6 py-3.5 font-bold">
            {ko.users.columnStatus}
          </th>
          <th scope="col" className="w-[16%] px-6 py-3.5 font-bold">
            {ko.users.columnAdmin}
          </th>
        </>
      }
    >
      {users.map((user) => {
        const self = user.id === currentUserId;
        const busy = pending.has(user.id);
        return (
          <tr key={user.id} className="border-b border-line last:border-b-0 hover:bg-surface-soft/60">
            <td className="truncate px-6 py-4 text-ink" title={user.email}>
              {user.email}
            </td>
            <td className="px-6 py-4 whitespace-nowrap text-ink-soft tabular-nums">
              {formatDate(user.createdAt)}
            </td>
            <td className="px-6 py-4">
              <button
                type="button"
                disabled={self || busy}
                onClick={() => props.onToggleLock(user)}
                // `relative`: the hidden words stay inside the table's scrolling box, not past the page's edge.
                className="relative rounded-full disabled:cursor-not-allowed disabled:opacity-50"
              >
                {/* Named by its badge, then what pressing it does ('활성, … 계정 잠그기'): the name starts with the
                    visible text (WCAG 2.5.3). */}
                {user.locked ? (
                  <Badge tone="danger">{ko.users.lockedBadge}</Badge>
                ) : (
                  <Badge tone="success">{ko.users.statusActive}</Badge>
                )}
                <span className="sr-only">
                  , {user.locked ? ko.users.unlockAction(user.email) : ko.users.lockAction(user.email)}
                </span>
              </button>
            </td>
            <td className="px-6 py-4">
              <Switch
                checked={user.role === 'ADMIN'}
                disabled={self || busy}
                onCheckedChange={() => props.onToggleAdmin(user)}
                aria-label={ko.users.adminToggle(user.email)}
              />
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
