import { AlertDialog } from 'radix-ui';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';

interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  busy: boolean;
  onConfirm(): void;
}

/** Asks before a feed is deleted; Escape or 취소 keeps it. */
export function ConfirmDeleteDialog({ open, onOpenChange, busy, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-ink/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[70] flex w-[400px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-6 rounded-[var(--radius-card)] bg-white p-6 shadow-2xl">
          <div className="flex flex-col gap-2">
            <AlertDialog.Title className="text-lg font-bold text-ink">{ko.feeds.deleteTitle}</AlertDialog.Title>
            <AlertDialog.Description className="text-[15px] text-ink-soft">{ko.feeds.deleteConfirm}</AlertDialog.Description>
          </div>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{ko.common.cancel}</Button>
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              disabled={busy}
              onClick={onConfirm}
            >
              {ko.feeds.deleteFeed}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
