import { useState } from 'react';
import { ko, type ClothesDto } from '@otboo/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteClothes } from '@/features/clothes/api/delete-clothes';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

interface DeleteClothesDialogProps {
  /** The garment asked about; null keeps the question closed. */
  clothes: ClothesDto | null;
  onClose(): void;
  onDeleted(clothes: ClothesDto): void;
}

/** Asks before deleting a garment for good, then deletes it (spec §8 texts). */
export function DeleteClothesDialog({ clothes, onClose, onDeleted }: DeleteClothesDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!clothes) return;
    setBusy(true);
    try {
      await deleteClothes(clothes.id);
      toast.success(ko.clothes.deleted);
      onDeleted(clothes);
      onClose();
    } catch (error) {
      toast.error(writeErrorText(error, ko.clothes.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={clothes !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={ko.clothes.deleteConfirmTitle}
      description={ko.clothes.deleteConfirm}
      confirmLabel={ko.common.delete}
      busy={busy}
      onConfirm={() => void confirm()}
    />
  );
}
