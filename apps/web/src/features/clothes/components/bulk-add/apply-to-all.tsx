import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { CLOTHES_TYPES, ko, type AttributeDefDto, type ClothesType } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { Select, type SelectOption } from '@/components/ui/select';
import type { BulkPatch } from '@/features/clothes/utils/bulk-drafts';
import { cn } from '@/utils/cn';

/** Radix items cannot have an empty value: these stand for '바꾸지 않음' and '값 지우기'. */
const KEEP = '__keep__';
const CLEAR = '__clear__';

const TYPE_OPTIONS: SelectOption[] = [
  { value: KEEP, label: ko.clothes.batch.keep },
  ...CLOTHES_TYPES.map((type) => ({ value: type, label: ko.clothes.types[type] })),
];

interface ApplyToAllProps {
  definitions: readonly AttributeDefDto[];
  disabled: boolean;
  /** What the last application did, said under the button. */
  applied: { changed: number; kept: number } | null;
  onApply(patch: BulkPatch, overwrite: boolean): void;
}

/** The patch of what was chosen, or null while nothing would change ('바꾸지 않음', or an attribute without a value). */
export function forAllPatch(type: string, definitionId: string, value: string): BulkPatch | null {
  const patch: BulkPatch = {};
  if (type !== KEEP) patch.type = type as ClothesType;
  if (definitionId !== KEEP && value !== '')
    patch.attributes = { [definitionId]: value === CLEAR ? '' : value };
  return patch.type || patch.attributes ? patch : null;
}

/**
 * '모든 옷에 한꺼번에 지정': a type and/or one attribute's value for every draft at once. A value the user set by hand
 * on a draft stays unless '직접 고친 값도 바꾸기' is ticked; the line under the button says how many drafts changed
 * and how many kept their own value. Folded by default, so the drafts stay near the top on a phone.
 */
export function ApplyToAll({ definitions, disabled, applied, onApply }: ApplyToAllProps) {
  const ids = { panel: useId(), type: useId(), attribute: useId(), value: useId(), hint: useId() };
  const [open, setOpen] = useState(false);
  const [type, setType] = useState(KEEP);
  const [definitionId, setDefinitionId] = useState(KEEP);
  const [value, setValue] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const definition = definitions.find((d) => d.id === definitionId);
  const patch = forAllPatch(type, definitionId, value);

  return (
    <section aria-labelledby={`${ids.panel}-title`} className="rounded-2xl border border-line bg-white">
      <h3 id={`${ids.panel}-title`} className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={ids.panel}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-12 w-full items-center justify-between gap-2 rounded-2xl px-4 text-left text-[15px] font-bold text-ink hover:bg-surface-soft"
        >
          {ko.clothes.analysis.forAll}
          <ChevronDown
            className={cn('size-5 text-ink-muted transition-transform', open && 'rotate-180')}
            aria-hidden
          />
        </button>
      </h3>
      <div id={ids.panel} hidden={!open} className="flex flex-col gap-3 px-4 pb-4">
        {open ? (
          <>
            <p id={ids.hint} className="text-[13px] text-ink-muted">
              {ko.clothes.analysis.forAllHint}
            </p>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              <Field id={ids.type} label={ko.clothes.type} className="col-span-2 sm:col-span-1">
                <Select
                  variant="field"
                  id={ids.type}
                  value={type}
                  options={TYPE_OPTIONS}
                  disabled={disabled}
                  onValueChange={setType}
                />
              </Field>
              <Field id={ids.attribute} label={ko.clothes.attributes}>
                <Select
                  variant="field"
                  id={ids.attribute}
                  value={definitionId}
                  options={[
                    { value: KEEP, label: ko.clothes.batch.keep },
                    ...definitions.map((d) => ({ value: d.id, label: d.name })),
                  ]}
                  disabled={disabled}
                  onValueChange={(next) => {
                    setDefinitionId(next);
                    setValue('');
                  }}
                />
              </Field>
              {definition ? (
                <Field id={ids.value} label={ko.clothes.batch.value}>
                  <Select
                    variant="field"
                    id={ids.value}
                    value={value}
                    placeholder={ko.clothes.batch.choose}
                    options={[
                      ...definition.selectableValues.map((option) => ({ value: option, label: option })),
                      { value: CLEAR, label: ko.clothes.batch.clearValue },
                    ]}
                    disabled={disabled}
                    onValueChange={setValue}
                  />
                </Field>
              ) : null}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
              <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-ink-soft">
                <input
                  type="checkbox"
                  checked={overwrite}
                  disabled={disabled}
                  onChange={(event) => setOverwrite(event.target.checked)}
                  className="size-5 cursor-pointer accent-brand-600"
                />
                {ko.clothes.analysis.overwriteEdited}
              </label>
              <Button
                variant="outline"
                size="sm"
                disabled={disabled || !patch}
                aria-describedby={ids.hint}
                onClick={() => patch && onApply(patch, overwrite)}
              >
                {ko.clothes.analysis.applyToAll}
              </Button>
            </div>
          </>
        ) : null}
        <p role="status" className="text-[13px] font-bold text-ink-soft empty:hidden">
          {open && applied ? ko.clothes.analysis.appliedToAll(applied.changed, applied.kept) : ''}
        </p>
      </div>
    </section>
  );
}

function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="truncate text-xs font-bold text-ink-soft">
        {label}
      </label>
      {children}
    </div>
  );
}
