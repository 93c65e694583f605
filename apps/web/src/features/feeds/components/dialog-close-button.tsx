import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { ko } from '@otboo/contract';
import { cn } from '@/utils/cn';

/** The round ✕ that closes the surrounding dialog. */
export function DialogCloseButton({ className }: { className?: string }) {
  return (
    <RadixDialog.Close
      aria-label={ko.common.close}
      className={cn('flex size-9 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink-soft', className)}
    >
      <X className="size-5" aria-hidden />
    </RadixDialog.Close>
  );
}
