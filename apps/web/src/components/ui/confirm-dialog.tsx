import { AlertDialog } from 'radix-ui';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { useFocusReturn } from '@/components/ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  confirmLabel: string;
  /** Disables both buttons while the confirmed action runs. */
  busy?: boolean;
  onConfirm(): void;
}

/** A yes/no question before a destructive action, above any open dialog; focus starts on the cancel button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busy = false,
  onConfirm,
}: ConfirmDialogProps) {
  const focusReturn = useFocusReturn();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-ink/40" />
        <AlertDialog.Content
          {...focusReturn}
          className="fixed top-1/2 left-1/2 z-[70] flex w-[420px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-[var(--radius-card)] bg-white p-6 shadow-2xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-[15px] leading-relaxed text-ink-soft">
            {description}
          </AlertDialog.Description>
          <div className="mt-3 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {ko.common.cancel}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: it would close the question before the action has run. */}
            <Button variant="danger" disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
