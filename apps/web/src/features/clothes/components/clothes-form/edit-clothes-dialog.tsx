import { useState } from 'react';
import { ko, type ClothesDto, type ClothesType } from '@otboo/contract';
import { Dialog } from '@/components/ui/dialog';
import { updateClothes } from '@/features/clothes/api/update-clothes';
import { ClothesFormStep } from '@/features/clothes/components/clothes-form/clothes-form-step';
import { useAttributeDefinitions } from '@/features/clothes/hooks/use-attribute-definitions';
import {
  attributeInputs,
  detailInputs,
  valuesOfClothes,
  type ClothesFormValues,
} from '@/features/clothes/utils/clothes-form';
import { toApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

interface EditClothesDialogProps {
  /** The garment being edited; null keeps the dialog closed. */
  clothes: ClothesDto | null;
  onClose(): void;
  onSaved(clothes: ClothesDto): void;
}

/** 옷 수정하기: the add form prefilled; a new photo is sent only when one was chosen. */
export function EditClothesDialog({ clothes, onClose, onSaved }: EditClothesDialogProps) {
  return (
    <Dialog
      open={clothes !== null}
      onOpenChange={(open) => !open && onClose()}
      title={ko.clothes.editTitle}
      height={720}
    >
      {clothes ? (
        <EditClothesContent key={clothes.id} clothes={clothes} onSaved={onSaved} onCancel={onClose} />
      ) : null}
    </Dialog>
  );
}

function EditClothesContent({
  clothes,
  onSaved,
  onCancel,
}: {
  clothes: ClothesDto;
  onSaved(clothes: ClothesDto): void;
  onCancel(): void;
}) {
  const [values, setValues] = useState<ClothesFormValues>(() => valuesOfClothes(clothes));
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const attributeDefinitions = useAttributeDefinitions();
  const [saveError, setSaveError] = useState<string | null>(null);

  async function save() {
    setSaving(true);
    setSaveError(null);
    try {
      const request = {
        name: values.name.trim(),
        type: values.type as ClothesType,
        attributes: attributeInputs(values.attributes),
        ...detailInputs(values),
      };
      const saved = await updateClothes(clothes.id, request, image);
      toast.success(ko.clothes.updated);
      onSaved(saved);
    } catch (error) {
      toast.error(writeErrorText(error, ko.clothes.updateFailed));
      setSaveError(toApiError(error).message);
      setSaving(false);
    }
  }

  return (
    <ClothesFormStep
      values={values}
      onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
      image={image}
      currentImageUrl={clothes.imageUrl}
      onImageChange={setImage}
      attributeDefinitions={attributeDefinitions}
      saving={saving}
      saveError={saveError}
      submitLabel={ko.common.save}
      onSubmit={() => void save()}
      onCancel={onCancel}
    />
  );
}
