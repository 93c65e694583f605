import { Plus, X } from 'lucide-react';
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
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogBody, DialogCancel, DialogFooter } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Select, type SelectOption } from '@/components/ui/select';
import { updateClothesBatch } from '@/features/clothes/api/update-clothes-batch';
import { useAttributeDefinitions } from '@/features/clothes/hooks/use-attribute-definitions';
import { toApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

/** Radix items cannot have an empty value: these stand for '바꾸지 않음' and '값 지우기'. */
export const KEEP = '__keep__';
export const CLEAR = '__clear__';

const TYPE_OPTIONS: SelectOption[] = [
  { value: KEEP, label: ko.clothes.batch.keep },
  ...CLOTHES_TYPES.map((type) => ({ value: type, label: ko.clothes.types[type] })),
];

/** One attribute row: a definition (KEEP for none) and a value ('' until chosen, CLEAR to remove it). */
export interface AttributeChange {
  definitionId: string;
  value: string;
}

interface BatchEditDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The ticked garments as the closet shows them (how many lose a value is counted from them). */
  clothes: readonly ClothesDto[];
  /** The garments as the server changed them. */
  onUpdated(clothes: ClothesDto[]): void;
}

/**
 * '선택한 옷 한꺼번에 수정하기' (docs/api.md §9.6): a type and/or several attribute values (or their removal) for
 * every ticked garment, in one PATCH /api/clothes/batch.
 */
export function BatchEditDialog({ open, onOpenChange, clothes, onUpdated }: BatchEditDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={ko.clothes.batch.title}
      description={ko.clothes.batch.hint(clothes.length)}
      width={520}
    >
      <BatchEditForm clothes={clothes} onUpdated={onUpdated} />
    </Dialog>
  );
}

/**
 * The request of what was chosen, or null while nothing would change or a row has an attribute without a value
 * (nothing is assumed: removing a value is the explicit '값 지우기').
 */
export function batchRequest(
  clothesIds: readonly string[],
  type: string,
  changes: readonly AttributeChange[],
): ClothesBatchUpdateRequest | null {
  const chosen = changes.filter((c) => c.definitionId !== KEEP);
  if (chosen.some((c) => c.value === '')) return null;
  const request: ClothesBatchUpdateRequest = { clothesIds: [...clothesIds] };
  if (type !== KEEP) request.type = type as ClothesType;
  if (chosen.length > 0)
    request.attributes = chosen.map((c) => ({
      definitionId: c.definitionId,
      value: c.value === CLEAR ? null : c.value,
    }));
  return request.type === undefined && request.attributes === undefined ? null : request;
}

/** For each attribute the request removes, how many of `clothes` have a value there now (those that lose it). */
export function valuesLost(
  clothes: readonly ClothesDto[],
  changes: readonly AttributeChange[],
  definitions: readonly AttributeDefDto[],
): Array<{ definition: string; count: number }> {
  return changes.flatMap((c) => {
    if (c.value !== CLEAR) return [];
    const count = clothes.filter((g) => g.attributes.some((a) => a.definitionId === c.definitionId)).length;
    const definition = definitions.find((d) => d.id === c.definitionId)?.name ?? '';
    return count > 0 ? [{ definition, count }] : [];
  });
}

/** Lives only while the dialog is open, so each opening starts from '바꾸지 않음'. */
function BatchEditForm({ clothes, onUpdated }: Omit<BatchEditDialogProps, 'open' | 'onOpenChange'>) {
  const typeId = useId();
  const { definitions } = useAttributeDefinitions();
  const [type, setType] = useState(KEEP);
  const [changes, setChanges] = useState<AttributeChange[]>([{ definitionId: KEEP, value: '' }]);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = batchRequest(
    clothes.map((c) => c.id),
    type,
    changes,
  );
  const lost = valuesLost(clothes, changes, definitions);
  const used = new Set(changes.map((c) => c.definitionId));
  const canAdd = changes.every((c) => c.definitionId !== KEEP) && definitions.some((d) => !used.has(d.id));

  function change(index: number, next: AttributeChange) {
    setChanges((current) => current.map((c, i) => (i === index ? next : c)));
  }

  function removeRow(index: number) {
    setChanges((current) =>
      current.length === 1 ? [{ definitionId: KEEP, value: '' }] : current.filter((_, i) => i !== index),
    );
  }

  async function send() {
    if (!request) return;
    setConfirming(false);
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

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!request) return;
    // Removing values that are there asks first, naming how many garments lose which value.
    if (lost.length > 0) setConfirming(true);
    else void send();
  }

  return (
    <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="flex flex-col gap-5">
        <Field id={typeId} label={ko.clothes.type}>
          <Select
            variant="field"
            id={typeId}
            value={type}
            options={TYPE_OPTIONS}
            disabled={saving}
            onValueChange={setType}
          />
        </Field>
        <div className="flex flex-col gap-3">
          {changes.map((row, index) => (
            <ChangeRow
              key={index}
              number={index + 1}
              row={row}
              definitions={definitions.filter((d) => d.id === row.definitionId || !used.has(d.id))}
              removable={changes.length > 1 || row.definitionId !== KEEP}
              disabled={saving}
              onChange={(next) => change(index, next)}
              onRemove={() => removeRow(index)}
            />
          ))}
          {canAdd ? (
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              disabled={saving}
              onClick={() => setChanges((current) => [...current, { definitionId: KEEP, value: '' }])}
            >
              <Plus className="size-4" aria-hidden />
              {ko.clothes.batch.addAttribute}
            </Button>
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
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={ko.clothes.batch.clearConfirmTitle}
        description={lost.map((l) => ko.clothes.batch.clearConfirm(l.count, l.definition)).join(' ')}
        confirmLabel={ko.clothes.batch.clearAndApply}
        onConfirm={() => void send()}
      />
    </form>
  );
}

/** One attribute change: which attribute, then its value ('값을 선택해주세요' until one is chosen). */
function ChangeRow({
  number,
  row,
  definitions,
  removable,
  disabled,
  onChange,
  onRemove,
}: {
  number: number;
  row: AttributeChange;
  definitions: readonly AttributeDefDto[];
  removable: boolean;
  disabled: boolean;
  onChange(next: AttributeChange): void;
  onRemove(): void;
}) {
  const ids = { attribute: useId(), value: useId() };
  const definition = definitions.find((d) => d.id === row.definitionId);
  return (
    <div className="flex items-end gap-2">
      <div className="grid min-w-0 flex-1 grid-cols-2 gap-2 sm:gap-4">
        <Field id={ids.attribute} label={ko.clothes.batch.attributeLabel(number)}>
          <Select
            variant="field"
            id={ids.attribute}
            value={row.definitionId}
            options={[
              { value: KEEP, label: ko.clothes.batch.keep },
              ...definitions.map((d) => ({ value: d.id, label: d.name })),
            ]}
            disabled={disabled}
            onValueChange={(definitionId) => onChange({ definitionId, value: '' })}
          />
        </Field>
        {definition ? (
          <Field id={ids.value} label={ko.clothes.batch.valueLabel(number)}>
            <Select
              variant="field"
              id={ids.value}
              value={row.value}
              placeholder={ko.clothes.batch.choose}
              options={[
                ...definition.selectableValues.map((option) => ({ value: option, label: option })),
                { value: CLEAR, label: ko.clothes.batch.clearValue },
              ]}
              disabled={disabled}
              onValueChange={(value) => onChange({ ...row, value })}
            />
          </Field>
        ) : null}
      </div>
      {removable ? (
        <button
          type="button"
          aria-label={ko.clothes.batch.removeChange(number)}
          disabled={disabled}
          onClick={onRemove}
          className="flex size-12 shrink-0 items-center justify-center rounded-xl text-ink-muted hover:bg-surface hover:text-ink disabled:opacity-50"
        >
          <X className="size-5" aria-hidden />
        </button>
      ) : null}
    </div>
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
