import { useCallback } from 'react';
import { ROLES, ko, type Role } from '@otboo/contract';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';
import type { AdminUserParams } from '@/features/users/hooks/use-admin-users';

/** Admin searches wait this long after the last key stroke (docs/product.md §9). */
export const ADMIN_SEARCH_DEBOUNCE_MS = 500;

const ALL = 'ALL';
const ROLE_OPTIONS = [
  { value: ALL, label: ko.users.allRoles },
  ...ROLES.map((role) => ({ value: role, label: role })),
];
const STATUS_OPTIONS = [
  { value: ALL, label: ko.users.allStatuses },
  { value: 'false', label: ko.users.statusActive },
  { value: 'true', label: ko.users.statusLocked },
];

interface UsersFiltersProps {
  params: AdminUserParams;
  onChange(patch: Partial<AdminUserParams>): void;
}

/** E-mail search (debounced), role and status filters of the admin user list. */
export function UsersFilters({ params, onChange }: UsersFiltersProps) {
  const search = useCallback((emailLike: string | undefined) => onChange({ emailLike }), [onChange]);
  const [email, setEmail] = useDebouncedSearch(params.emailLike, search, ADMIN_SEARCH_DEBOUNCE_MS);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchInput
        label={ko.users.emailSearchPlaceholder}
        placeholder={ko.users.emailSearchPlaceholder}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className="min-w-64 flex-1"
      />
      <Select
        aria-label={ko.users.roleFilter}
        value={params.roleEqual ?? ALL}
        options={ROLE_OPTIONS}
        onValueChange={(value) => onChange({ roleEqual: value === ALL ? undefined : (value as Role) })}
      />
      <Select
        aria-label={ko.users.statusFilter}
        value={params.locked === undefined ? ALL : String(params.locked)}
        options={STATUS_OPTIONS}
        onValueChange={(value) => onChange({ locked: value === ALL ? undefined : value === 'true' })}
      />
    </div>
  );
}
