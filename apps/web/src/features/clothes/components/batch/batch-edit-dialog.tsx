import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  CLOTHES_TYPES,
  ko,
  type AttributeDefDto,
  type ClothesBatchUpdateRequest,
  type ClothesDto,
  type ClothesType,
} from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogCancel, DialogFooter } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Select, type SelectOption } from '@/components/ui/select';
import { updateClothesBatch } from '@/features/clothes/api/update-clothes-batch';
import { useAttributeDefinitions } from '@/features/clothes/hooks/use-attribute-definitions';
import { toApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

/** Radix items cannot have an empty value: these stand for '바꾸지 않음' and '값 지우기'. */
const KEEP = '__keep__';
const CLEAR = '__clear__';

const TYPE_OPTIONS: SelectOption[] = [
  { value: KEEP, label: ko.clothes.batch.keep },
  ...CLOTHES_TYPES.map((type) => ({ value: type, label: ko.clothes.types[type] })),
];

interface BatchEditDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  clothesIds: readonly string[];
  /** The garments as the server changed them. */
  onUpdated(clothes: ClothesDto[]): void;
}

/**
 * '선택한 옷 한꺼번에 수정하기' (docs/api.md §9.6): one type and/or one attribute value (or its removal) for every
 * ticked garment, in one PATCH /api/clothes/batch.
 */
export function BatchEditDialog({ open, onOpenChange, clothesIds, onUpdated }: BatchEditDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={ko.clothes.batch.title}
      description={ko.clothes.batch.hint(clothesIds.length)}
      width={480}
    >
      <BatchEditForm clothesIds={clothesIds} onUpdated={onUpdated} />
    </Dialog>
  );
}

/** The request of what was chosen, or null while nothing would change. */
export function batchRequest(
  clothesIds: readonly string[],
  type: string,
  definitionId: string,
  value: string,
): ClothesBatchUpdateRequest | null {
  const request: ClothesBatchUpdateRequest = { clothesIds: [...clothesIds] };
  if (type !== KEEP) request.type = type as ClothesType;
  if (definitionId !== KEEP) request.attribute = { definitionId, value: value === CLEAR ? null : value };
  return request.type === undefined && request.attribute === undefined ? null : request;
}

/** Lives only while the dialog is open, so each opening starts from '바꾸지 않음'. */
function BatchEditForm({ clothesIds, onUpdated }: Omit<BatchEditDialogProps, 'open' | 'onOpenChange'>) {
  const ids = { type: useId(), attribute: useId(), value: useId() };
  const { definitions } = useAttributeDefinitions();
  const [type, setType] = useState(KEEP);
  const [definitionId, setDefinitionId] = useState(KEEP);
  const [value, setValue] = useState(CLEAR);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const definition: AttributeDefDto | undefined = definitions.find((d) => d.id === definitionId);
  const request = batchRequest(clothesIds, type, definitionId, value);

  const attributeOptions: SelectOption[] = [
    { value: KEEP, label: ko.clothes.batch.keep },
    ...definitions.map((d) => ({ value: d.id, label: d.name })),
  ];
  const valueOptions: SelectOption[] = [
    { value: CLEAR, label: ko.clothes.batch.clearValue },
    ...(definition?.selectableValues ?? []).map((option) => ({ value: option, label: option })),
  ];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!request) return;
    setSaving(true);
    setError(null);
    try {
      const updated = await updateClothesBatch(request);
      toast.success(ko.clothes.batch.updated(updated.length));
      onUpdated(updated);
    } catch (failure) {
      toast.error(writeErrorText(failure, ko.clothes.batch.updateFailed));
      setError(toApiError(failure).message);
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="flex flex-col gap-5">
        <Field id={ids.type} label={ko.clothes.type}>
          <Select
            variant="field"
            id={ids.type}
            value={type}
            options={TYPE_OPTIONS}
            disabled={saving}
            onValueChange={setType}
          />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field id={ids.attribute} label={ko.clothes.attributes}>
            <Select
              variant="field"
              id={ids.attribute}
              value={definitionId}
              options={attributeOptions}
              disabled={saving}
              onValueChange={(next) => {
                setDefinitionId(next);
                setValue(CLEAR);
              }}
            />
          </Field>
          {definition ? (
            <Field id={ids.value} label={ko.clothes.batch.value}>
              <Select
                variant="field"
                id={ids.value}
                value={value}
                options={valueOptions}
                disabled={saving}
                onValueChange={setValue}
              />
            </Field>
          ) : null}
        </div>
        <FormError message={error} />
      </DialogBody>
      <DialogFooter>
        <DialogCancel>
          <Button variant="secondary" disabled={saving}>
            {ko.common.cancel}
          </Button>
        </DialogCancel>
        <Button type="submit" disabled={!request || saving}>
          {saving ? ko.common.saving : ko.clothes.batch.apply}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink-soft">
        {label}
      </label>
      {children}
    </div>
  );
}
