import { LoaderCircle } from 'lucide-react';
import { cn } from '@/utils/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-ink-muted', className)}>
      <LoaderCircle className="size-5 animate-spin" aria-hidden />
      {label ? <span>{label}</span> : null}
    </span>
  );
}
