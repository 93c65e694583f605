import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { ko, type ClothesDto, type ClothesType } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { createClothes } from '@/features/clothes/api/create-clothes';
import { getClothesExtraction } from '@/features/clothes/api/get-clothes-extraction';
import { getImageFile } from '@/features/clothes/api/get-image-file';
import { ClothesFormStep } from '@/features/clothes/components/clothes-form/clothes-form-step';
import { LinkImportStep } from '@/features/clothes/components/clothes-form/link-import-step';
import { useAttributeDefinitions } from '@/features/clothes/hooks/use-attribute-definitions';
import {
  EMPTY_CLOTHES_FORM,
  attributeInputs,
  detailInputs,
  valuesFromExtraction,
  type ClothesFormValues,
} from '@/features/clothes/utils/clothes-form';
import { toApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

interface AddClothesDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The signed-in user; without one, saving only says that a login is needed. */
  ownerId: string | undefined;
  onSaved(clothes: ClothesDto): void;
}

/** 옷 추가하기: the form step, or the link import step that fills the form (spec §4 "Add clothes dialog"). */
export function AddClothesDialog({ open, onOpenChange, ownerId, onSaved }: AddClothesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={ko.clothes.addTitle} height={760}>
      <AddClothesContent ownerId={ownerId} onSaved={onSaved} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

type Step = 'form' | 'url';

/** Lives only while the dialog is open, so closing it drops the form, the photo and the attributes. */
function AddClothesContent({
  ownerId,
  onSaved,
  onCancel,
}: {
  ownerId: string | undefined;
  onSaved(clothes: ClothesDto): void;
  onCancel(): void;
}) {
  const [step, setStep] = useState<Step>('form');
  const [values, setValues] = useState<ClothesFormValues>(EMPTY_CLOTHES_FORM);
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const attributeDefinitions = useAttributeDefinitions();
  const [saveError, setSaveError] = useState<string | null>(null);

  async function importLink(url: string): Promise<string | null> {
    try {
      const extraction = await getClothesExtraction(url);
      // The photo was copied to our origin; it becomes the upload as if the user had chosen it.
      const photo = extraction.imageUrl
        ? await getImageFile(extraction.imageUrl, 'imported').catch(() => null)
        : null;
      setValues((current) => valuesFromExtraction(current, extraction));
      if (photo) setImage(photo);
      setStep('form');
      toast.success(ko.clothes.imported);
      return null;
    } catch (error) {
      toast.error(ko.clothes.importFailed);
      return toApiError(error).message;
    }
  }

  async function save() {
    if (!ownerId) {
      toast.error(ko.clothes.loginRequired);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const request = {
        ownerId,
        name: values.name.trim(),
        type: values.type as ClothesType,
        attributes: attributeInputs(values.attributes),
        ...detailInputs(values),
      };
      const saved = await createClothes(request, image);
      toast.success(ko.clothes.added);
      onSaved(saved);
    } catch (error) {
      toast.error(writeErrorText(error, ko.clothes.addFailed));
      setSaveError(toApiError(error).message);
      setSaving(false);
    }
  }

  if (step === 'url') return <LinkImportStep onImport={importLink} onBack={() => setStep('form')} />;
  return (
    <ClothesFormStep
      values={values}
      onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
      image={image}
      onImageChange={setImage}
      attributeDefinitions={attributeDefinitions}
      saving={saving}
      saveError={saveError}
      submitLabel={ko.clothes.register}
      onSubmit={() => void save()}
      onCancel={onCancel}
      header={
        <Button variant="outline" className="w-full" disabled={saving} onClick={() => setStep('url')}>
          <Link2 className="size-4" aria-hidden />
          {ko.clothes.importFromUrl}
        </Button>
      }
    />
  );
}
