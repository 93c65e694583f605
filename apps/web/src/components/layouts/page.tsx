import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

/**
 * The content column of a signed-in page with its title: the phone's whole width less 16 px a side, the desktop's
 * 1200 px column with 32 px from lg. The actions wrap under a title that leaves them no room.
 */
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
    <div className={cn('mx-auto w-full max-w-[1200px] px-4 py-5 sm:px-6 lg:px-8 lg:py-8', className)}>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-3 lg:mb-6">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
