import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { DialogClose, useFocusReturn } from '@/components/ui/dialog';

interface SheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
}

/**
 * A modal panel that rises from the bottom edge of a phone screen (the tab bar's '더보기'). Like Dialog it traps
 * focus, closes on Escape and an outside click, and gives focus back to its opener; the home indicator's safe
 * area stays clear under its last row.
 */
export function Sheet({ open, onOpenChange, title, children }: SheetProps) {
  const focusReturn = useFocusReturn();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          {...focusReturn}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-[var(--radius-card)] bg-white pb-[env(safe-area-inset-bottom)] shadow-2xl focus:outline-none"
        >
          <div className="flex shrink-0 items-center justify-between gap-4 px-5 pt-4 pb-2">
            <RadixDialog.Title className="text-lg font-bold text-ink">{title}</RadixDialog.Title>
            <DialogClose className="-mr-1.5" />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
