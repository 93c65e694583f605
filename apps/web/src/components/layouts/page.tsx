import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

/** The content column of a signed-in page with its title. */
export function Page({
  title,
  actions,
  children,
  className,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full max-w-[1200px] px-8 py-8', className)}>
      <div className="mb-6 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
