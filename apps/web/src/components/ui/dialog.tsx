import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, type CSSProperties, type ReactNode } from 'react';
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
 * The panel's box: below sm a full-height sheet over the whole phone screen, clear of the notch and the home
 * indicator; from sm a card in the middle of the screen, `--dialog-width` wide and `--dialog-height` tall (never
 * more than the screen less 1rem a side). The chat dialog lays out its own content in the same box.
 */
export function dialogPanelClass(direction: 'column' | 'row' = 'column'): string {
  return cn(
    'fixed inset-0 z-50 flex h-dvh w-full overflow-hidden bg-white pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] focus:outline-none',
    'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-(--dialog-height) sm:max-h-[calc(100dvh-2rem)] sm:w-(--dialog-width) sm:max-w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2',
    'sm:rounded-[var(--radius-card)] sm:pt-0 sm:pb-0 sm:shadow-2xl',
    direction === 'column' && 'flex-col',
  );
}

/**
 * Radix gives the focus back on closing only to a Dialog.Trigger; our dialogs open from state (a card, a menu, a
 * store), so these handlers give it back to whatever had it when the dialog opened, if that is still on the page
 * (WCAG 2.4.3). Spread them on a Radix Dialog or AlertDialog Content.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus() {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus(event: Event) {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

/** The inline style that sizes dialogPanelClass from sm. */
export function dialogPanelSize(width: number, height?: number): CSSProperties {
  return {
    '--dialog-width': `${width}px`,
    '--dialog-height': height === undefined ? 'auto' : `${height}px`,
  } as CSSProperties;
}

/**
 * A modal panel: a full-height sheet on a phone, a card in the middle of a wider screen. Radix traps focus, closes
 * on Escape and an outside click, gives focus back to the opener, and unmounts the content when closed, so state
 * kept inside the content starts afresh on every opening (spec §4 "Dialogs reset their inputs on close").
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
  const focusReturn = useFocusReturn();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={cn('fixed inset-0 z-40', dim ? 'bg-ink/50' : 'bg-ink/40')} />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...focusReturn}
          className={dialogPanelClass(direction)}
          style={dialogPanelSize(width, height)}
        >
          {title ? (
            <div className="flex shrink-0 items-start justify-between gap-4 px-4 pt-4 pb-3 sm:px-6 sm:pt-6 sm:pb-4">
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
        // A thumb-sized target on phones and tablets; the desktop's 36 px from lg.
        'flex size-11 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink-soft lg:size-9',
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
    <div className={cn('min-h-0 flex-1 overflow-y-auto px-4 pb-2 *:shrink-0 sm:px-6', className)}>
      {children}
    </div>
  );
}

/** The button row at the bottom of a dialog. */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'flex shrink-0 items-center justify-end gap-2 border-t border-line px-4 py-3 sm:px-6 sm:py-4',
        className,
      )}
    >
      {children}
    </div>
  );
}
