import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '@/utils/cn';

interface SortableHeaderProps<C extends string> {
  column: C;
  label: string;
  /** Width of the column. */
  className?: string;
  sortBy: string | undefined;
  sortDirection: string | undefined;
  onSort(column: C): void;
}

/** A table column header that sorts by its column; the arrow and aria-sort show the current order. */
export function SortableHeader<C extends string>({
  column,
  label,
  className,
  sortBy,
  sortDirection,
  onSort,
}: SortableHeaderProps<C>) {
  const active = sortBy === column;
  const ascending = sortDirection === 'ASCENDING';
  const Icon = !active ? ArrowUpDown : ascending ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (ascending ? 'ascending' : 'descending') : 'none'}
      className={cn('px-3 py-2', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 font-bold hover:bg-surface',
          active && 'text-brand-600',
        )}
      >
        {label}
        <Icon className="size-4" aria-hidden />
      </button>
    </th>
  );
}
