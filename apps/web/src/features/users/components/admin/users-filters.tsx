import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ROLES, ko, type Role } from '@otboo/contract';
import { Select } from '@/components/ui/select';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { AdminUserParams } from '@/features/users/stores/admin-users-store';

/** Admin searches wait this long after the last key stroke (spec §9). */
export const ADMIN_SEARCH_DEBOUNCE_MS = 500;

const ALL = 'ALL';
const ROLE_OPTIONS = [{ value: ALL, label: ko.users.allRoles }, ...ROLES.map((role) => ({ value: role, label: role }))];
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
  const [email, setEmail] = useState(params.emailLike ?? '');
  const debounced = useDebouncedValue(email.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const applied = params.emailLike ?? '';

  useEffect(() => {
    if (debounced !== applied) onChange({ emailLike: debounced === '' ? undefined : debounced });
  }, [debounced, applied, onChange]);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="relative min-w-64 flex-1">
        <span className="sr-only">{ko.users.emailSearchPlaceholder}</span>
        <Search className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-ink-muted" aria-hidden />
        <input
          type="search"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={ko.users.emailSearchPlaceholder}
          className="h-11 w-full rounded-xl border border-line bg-white pr-4 pl-11 text-[15px] placeholder:text-ink-muted focus:border-brand-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100"
        />
      </label>
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
