import type { FormEvent, ReactNode } from 'react';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { DialogBody, DialogFooter } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { ClothesFormFields } from '@/features/clothes/components/clothes-form/clothes-form-fields';
import type { AttributeDefinitions } from '@/features/clothes/hooks/use-attribute-definitions';
import { canSubmitClothes, type ClothesFormValues } from '@/features/clothes/utils/clothes-form';
import { toast } from '@/lib/toast';

interface ClothesFormStepProps {
  values: ClothesFormValues;
  onChange(patch: Partial<ClothesFormValues>): void;
  image: File | null;
  currentImageUrl?: string | null;
  onImageChange(file: File): void;
  /** Loaded by the dialog, so that a trip to the link step does not load them again. */
  attributeDefinitions: AttributeDefinitions;
  saving: boolean;
  /** The server's reason when the last save failed. */
  saveError: string | null;
  submitLabel: string;
  /** Above the fields (the add dialog's link import button). */
  header?: ReactNode;
  onSubmit(): void;
  onCancel(): void;
}

/** The form step shared by the add and edit dialogs; submit waits for a name and a type (docs/product.md §5). */
export function ClothesFormStep(props: ClothesFormStepProps) {
  const { definitions, loading, error } = props.attributeDefinitions;
  const ready = canSubmitClothes(props.values, props.saving);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready) props.onSubmit();
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="flex flex-col gap-5">
        {props.header}
        <ClothesFormFields
          values={props.values}
          onChange={props.onChange}
          image={props.image}
          currentImageUrl={props.currentImageUrl}
          onImageChange={props.onImageChange}
          onImageReject={(message) => toast.warning(message)}
          definitions={definitions}
          definitionsLoading={loading}
          definitionsError={error}
          disabled={props.saving}
        />
        <FormError message={props.saveError} />
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={props.onCancel}>
          {ko.common.cancel}
        </Button>
        <Button type="submit" disabled={!ready}>
          {props.saving ? ko.clothes.saving : props.submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
