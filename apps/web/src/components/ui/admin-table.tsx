import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

interface AdminTableProps {
  /** The header row's cells. */
  head: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  busy: boolean;
  /** Shown under the table when set: there is nothing to list. */
  emptyText: string | null;
  error: string | null;
  /** A spinner with this label under the table when set. */
  spinnerLabel: string | null;
  /** After everything else (an infinite scroll's sentinel). */
  after?: ReactNode;
}

/** The admin screens' data table in its card: header row, rows, then the empty text, the error or a spinner. */
export function AdminTable({ head, children, busy, emptyText, error, spinnerLabel, after }: AdminTableProps) {
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white">
      {/* A data table keeps its columns (WCAG 1.4.10 lets it): narrower than 640px it scrolls sideways in its box. */}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[640px] table-fixed text-left text-[15px] lg:min-w-0" aria-busy={busy}>
          <thead className="border-b border-line bg-surface-soft text-sm text-ink-soft">
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {emptyText ? <p className="px-6 py-16 text-center text-[15px] text-ink-muted">{emptyText}</p> : null}
      {error ? (
        <p role="alert" className="px-6 py-10 text-center text-[15px] text-red-600">
          {error}
        </p>
      ) : null}
      {spinnerLabel ? (
        <div className="flex justify-center py-6">
          <Spinner label={spinnerLabel} />
        </div>
      ) : null}
      {after}
    </div>
  );
}
