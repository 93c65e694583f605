import { Shirt } from 'lucide-react';
import { ko } from '@otboo/contract';
import { cn } from '@/utils/cn';

/** The brand mark: a hanger-blue badge with the app name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight text-ink', className)}
    >
      <span className="flex size-9 items-center justify-center rounded-xl bg-brand-500 text-white shadow-sm">
        <Shirt className="size-5" aria-hidden />
      </span>
      {ko.app.name}
    </span>
  );
}
