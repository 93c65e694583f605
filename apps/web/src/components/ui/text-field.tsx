import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/utils/cn';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Validation or server message shown under the field and announced with it. */
  error?: string | null;
  /** A control inside the field's right edge (e.g. a show-password toggle). */
  trailing?: ReactNode;
  hideLabel?: boolean;
}

/** A labelled input with its error message wired for screen readers. */
export function TextField({
  label,
  error,
  trailing,
  hideLabel = false,
  id,
  className,
  ...props
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className={cn('text-sm font-bold text-ink-soft', hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'h-13 w-full rounded-xl border bg-white px-4 text-[15px] text-ink placeholder:text-ink-muted transition-colors',
            // focus-within: a date field's calendar button is a tab stop inside the input that :focus does not match.
            'focus-within:border-brand-500 focus:outline-none focus-within:ring-4 focus-within:ring-brand-100 disabled:bg-surface disabled:text-ink-muted',
            error ? 'border-red-400' : 'border-line',
            trailing ? 'pr-12' : null,
          )}
          {...props}
        />
        {trailing ? <div className="absolute inset-y-0 right-2 flex items-center">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className="text-[13px] text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
