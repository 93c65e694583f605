import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { cn } from '@/utils/cn';

const VARIANTS = {
  /** Above a list or table. */
  toolbar: { icon: 'left-4', input: 'h-11 bg-white pr-4 pl-11 text-[15px]' },
  /** Inside a small dialog. */
  compact: { icon: 'left-3.5', input: 'h-10 bg-surface-soft pr-3 pl-10 text-sm focus:bg-white' },
} as const;

interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  /** The accessible name, read by screen readers only. */
  label: string;
  variant?: keyof typeof VARIANTS;
  /** Width and placement of the box. */
  className?: string;
}

/** A search box with a magnifier. */
export function SearchInput({ label, variant = 'toolbar', className, ...input }: SearchInputProps) {
  return (
    <label className={cn('relative', className)}>
      <span className="sr-only">{label}</span>
      <Search
        className={cn(
          'pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-ink-muted',
          VARIANTS[variant].icon,
        )}
        aria-hidden
      />
      <input
        type="search"
        {...input}
        className={cn(
          'w-full rounded-xl border border-line placeholder:text-ink-muted',
          'focus:border-brand-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100',
          VARIANTS[variant].input,
        )}
      />
    </label>
  );
}
