import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { ko } from '@otboo/contract';
import { cn } from '@/utils/cn';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Shown in the title bar with a close button; without it the content lays out its own DialogTitle. */
  title?: string;
  /** A line under the title, announced as the dialog's description. */
  description?: string;
  /** The panel's width in px, never more than the screen less 1rem a side. */
  width?: number;
  /** The panel's height in px, never more than the screen less 1rem a side; as tall as its content by default. */
  height?: number;
  /** Children side by side (the feed detail's two columns) instead of stacked. */
  direction?: 'column' | 'row';
  /** A darker backdrop, for the large feed detail. */
  dim?: boolean;
  children: ReactNode;
}

/**
 * A modal panel in the middle of the screen. Radix traps focus, closes on Escape and an outside click, and
 * unmounts the content when closed, so state kept inside the content starts afresh on every opening (spec §4
 * "Dialogs reset their inputs on close").
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  width = 560,
  height,
  direction = 'column',
  dim = false,
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={cn('fixed inset-0 z-40', dim ? 'bg-ink/50' : 'bg-ink/40')} />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2',
            'overflow-hidden rounded-[var(--radius-card)] bg-white shadow-2xl focus:outline-none',
            direction === 'column' && 'flex-col',
          )}
          style={{ width, height }}
        >
          {title ? (
            <div className="flex shrink-0 items-start justify-between gap-4 px-6 pt-6 pb-4">
              <div className="flex min-w-0 flex-col gap-1">
                <DialogTitle className="text-xl">{title}</DialogTitle>
                {description ? (
                  <RadixDialog.Description className="text-sm text-ink-muted">
                    {description}
                  </RadixDialog.Description>
                ) : null}
              </div>
              <DialogClose className="-mt-1 -mr-2" />
            </div>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The dialog's accessible name, for content that lays out its own title bar. */
export function DialogTitle({ children, className }: { children: ReactNode; className?: string }) {
  return <RadixDialog.Title className={cn('font-bold text-ink', className)}>{children}</RadixDialog.Title>;
}

/** The round ✕ that closes the surrounding dialog. */
export function DialogClose({ className }: { className?: string }) {
  return (
    <RadixDialog.Close
      aria-label={ko.common.close}
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink-soft',
        className,
      )}
    >
      <X className="size-5" aria-hidden />
    </RadixDialog.Close>
  );
}

/** Makes its child (a cancel button) close the surrounding dialog. */
export function DialogCancel({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}

/** The scrolling middle of a dialog. */
export function DialogBody({ children, className }: { children: ReactNode; className?: string }) {
  // Children keep their height; the body scrolls instead of squeezing them.
  return (
    <div className={cn('min-h-0 flex-1 overflow-y-auto px-6 pb-2 *:shrink-0', className)}>{children}</div>
  );
}

/** The button row at the bottom of a dialog. */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn('flex shrink-0 items-center justify-end gap-2 border-t border-line px-6 py-4', className)}
    >
      {children}
    </div>
  );
}
