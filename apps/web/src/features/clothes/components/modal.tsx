import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { ko } from '@otboo/contract';
import { cn } from '@/utils/cn';

interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** A line under the title, announced as the dialog's description. */
  description?: string;
  /** Size of the panel (e.g. `w-[600px] h-[510px]`); 560px wide by default. */
  className?: string;
  children: ReactNode;
}

/**
 * A modal panel with a title and a close button. Radix traps focus, closes on Escape and an outside click, and
 * unmounts the content when closed, so state kept inside the content starts afresh on every opening (spec §4
 * "Dialogs reset their inputs on close").
 */
export function Modal({ open, onOpenChange, title, description, className, children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[560px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'overflow-hidden rounded-[var(--radius-card)] bg-white shadow-2xl focus:outline-none',
            className,
          )}
        >
          <div className="flex shrink-0 items-start justify-between gap-4 px-6 pt-6 pb-4">
            <div className="flex min-w-0 flex-col gap-1">
              <Dialog.Title className="text-xl font-bold text-ink">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="text-sm text-ink-muted">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label={ko.common.close}
              className="-mt-1 -mr-2 flex size-9 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink-soft"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The scrolling middle of a modal. */
export function ModalBody({ children, className }: { children: ReactNode; className?: string }) {
  // Children keep their height; the body scrolls instead of squeezing them.
  return <div className={cn('min-h-0 flex-1 overflow-y-auto px-6 pb-2 *:shrink-0', className)}>{children}</div>;
}

/** The button row at the bottom of a modal. */
export function ModalFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn('flex shrink-0 items-center justify-end gap-2 border-t border-line px-6 py-4', className)}
    >
      {children}
    </div>
  );
}
