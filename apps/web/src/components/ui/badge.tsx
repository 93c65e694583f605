import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

const TONES = {
  neutral: 'bg-surface text-ink-soft',
  brand: 'bg-brand-50 text-brand-600',
  danger: 'bg-red-50 text-red-600',
  success: 'bg-emerald-50 text-emerald-700',
} as const;

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
