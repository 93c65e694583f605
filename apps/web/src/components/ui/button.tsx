import type { ButtonHTMLAttributes } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/utils/cn';

// White text sits on the 600 shades, which keep 4.5:1 (WCAG 2.2 AA); the 500s are for icons and outlines.
const VARIANTS = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-200',
  secondary: 'bg-surface text-ink-soft hover:bg-line disabled:text-ink-muted',
  outline: 'border border-line bg-white text-ink hover:bg-surface-soft disabled:text-ink-muted',
  ghost: 'bg-transparent text-ink-soft hover:bg-surface disabled:text-ink-muted',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-200',
} as const;

const SIZES = {
  sm: 'h-9 px-3 text-sm rounded-lg',
  md: 'h-11 px-4 text-[15px] rounded-xl',
  lg: 'h-14 px-5 text-base rounded-2xl',
  icon: 'size-10 rounded-full',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Renders the child element (e.g. a link) with the button's look. */
  asChild?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center gap-2 font-bold whitespace-nowrap transition-colors disabled:cursor-not-allowed',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
