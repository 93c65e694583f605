import { useId, useState } from 'react';
import { ARCHIVE_REASONS, ko, type ArchiveReason, type ClothesDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog';
import { useClothesLife } from '@/features/clothes/hooks/use-clothes-life';

interface ArchiveDialogProps {
  /** The piece asked about; null keeps the dialog closed. */
  clothes: ClothesDto | null;
  onClose(): void;
  onArchived(clothes: ClothesDto): void;
}

/** Moves a piece to the archive ('보관함') with a reason picked from the five of docs/api.md §10. */
export function ArchiveDialog({ clothes, onClose, onArchived }: ArchiveDialogProps) {
  const life = ko.clothes.life;
  const [reason, setReason] = useState<ArchiveReason>('SOLD');
  const name = useId();
  const { archive, busy } = useClothesLife(onArchived);

  async function confirm() {
    if (!clothes) return;
    if (await archive(clothes, reason)) onClose();
  }

  return (
    <Dialog
      open={clothes !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={life.archiveTitle}
      description={life.archiveHint}
      width={440}
    >
      <DialogBody>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-bold text-ink-soft">{life.archiveReason}</legend>
          {ARCHIVE_REASONS.map((r) => (
            <label
              key={r}
              className="flex h-12 cursor-pointer items-center gap-3 rounded-xl border border-line px-4 text-[15px] text-ink has-checked:border-brand-500 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={name}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                className="size-4 accent-brand-600"
              />
              {life.reasons[r]}
            </label>
          ))}
        </fieldset>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {ko.common.cancel}
        </Button>
        <Button disabled={busy} onClick={() => void confirm()}>
          {life.archive}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
