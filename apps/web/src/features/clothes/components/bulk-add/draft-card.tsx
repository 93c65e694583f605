import { ChevronDown, ImageOff, LoaderCircle, X } from 'lucide-react';
import { memo, useId, useState, type ReactNode } from 'react';
import { CLOTHES_TYPES, LIMITS, ko, type AttributeDefDto, type ClothesType } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { Select, type SelectOption } from '@/components/ui/select';
import { ColourDot } from '@/features/clothes/components/bulk-add/colour-dot';
import { AttributeSelect } from '@/features/clothes/components/clothes-form/clothes-pickers';
import type { ClothesDraft } from '@/features/clothes/utils/bulk-drafts';
import type { ClothesFormValues } from '@/features/clothes/utils/clothes-form';
import { photoUrl } from '@/features/clothes/utils/photo-urls';
import { cn } from '@/utils/cn';

interface DraftCardProps {
  draft: ClothesDraft;
  /** 1-based, as the card is named ('3번째 옷'). */
  number: number;
  /** The 색상 definition, shown beside the type; the others are behind '자세히'. */
  colour: AttributeDefDto | undefined;
  others: readonly AttributeDefDto[];
  disabled: boolean;
  // Keyed callbacks, the same for every card, so that typing in one card does not render the other 29.
  onEdit(key: string, patch: Partial<ClothesFormValues>): void;
  onRemove(key: string): void;
  onRemovePhoto(key: string): void;
}

/** Radix items cannot have an empty value; this one stands for "no value" ('선택 안 함'). */
const NONE = '__none__';

const TYPE_OPTIONS: SelectOption[] = CLOTHES_TYPES.map((type) => ({
  value: type,
  label: ko.clothes.types[type],
}));

/** The id of a draft's name field, where focus goes when the draft needs the user after a save. */
export function draftNameId(key: string): string {
  return `bulk-${key}-name`;
}

/**
 * One photo of the bulk add, compact so that a phone shows three or four at once (about 200 px each): the photo,
 * the name, the type and the colour; the file name, what the photo analysis found and the other attributes are
 * behind '자세히'. The error that kept it from saving is always shown.
 */
export const DraftCard = memo(function DraftCard({
  draft,
  number,
  colour,
  others,
  disabled,
  onEdit,
  onRemove,
  onRemovePhoto,
}: DraftCardProps) {
  const ids = { title: useId(), error: useId(), details: useId(), type: useId(), colour: useId() };
  const [open, setOpen] = useState(false);
  const label = ko.clothes.analysis.draftLabel(number);
  const problem = draft.photoError ?? draft.error;
  const analysing = draft.analysis === 'waiting' || draft.analysis === 'running';
  const colourValue = colour ? (draft.values.attributes[colour.id] ?? '') : '';
  // The other attributes chosen, in one line, so that a value set for all drafts shows without opening them.
  const summary = others.flatMap((d) => {
    const value = draft.values.attributes[d.id];
    return value ? [`${d.name} ${value}`] : [];
  });

  function setAttribute(definitionId: string, value: string) {
    onEdit(draft.key, { attributes: { ...draft.values.attributes, [definitionId]: value } });
  }

  return (
    <article
      aria-labelledby={ids.title}
      aria-describedby={problem ? ids.error : undefined}
      aria-busy={draft.saving || analysing}
      className={cn(
        'flex flex-col gap-2 rounded-[var(--radius-card)] border bg-white p-2.5 sm:p-3',
        problem ? 'border-red-300' : 'border-line',
      )}
    >
      <div className="flex gap-3">
        <DraftPhoto file={draft.file} alt={label} analysing={analysing} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex h-8 items-center gap-1">
            <h3 id={ids.title} className="min-w-0 flex-1 truncate text-[15px] font-bold text-ink">
              {label}
            </h3>
            <button
              type="button"
              aria-expanded={open}
              aria-controls={ids.details}
              onClick={() => setOpen((o) => !o)}
              className="inline-flex h-8 items-center gap-0.5 rounded-lg px-2 text-[13px] font-bold text-brand-600 hover:bg-brand-50"
            >
              {ko.clothes.analysis.details}
              <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
            </button>
            <button
              type="button"
              aria-label={ko.clothes.analysis.removeDraft(number)}
              disabled={disabled}
              onClick={() => onRemove(draft.key)}
              className="-mr-1 flex size-8 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink disabled:opacity-50"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <Field id={draftNameId(draft.key)} label={ko.clothes.name}>
            <input
              id={draftNameId(draft.key)}
              value={draft.values.name}
              placeholder={ko.clothes.analysis.namePlaceholder}
              maxLength={LIMITS.clothesNameMax}
              disabled={disabled}
              onChange={(event) => onEdit(draft.key, { name: event.target.value })}
              className="h-12 w-full min-w-0 rounded-xl border border-line bg-white px-3 text-[15px] text-ink placeholder:text-ink-muted focus:border-brand-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100 disabled:bg-surface disabled:text-ink-muted"
            />
          </Field>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-2">
        <Field id={ids.type} label={ko.clothes.type}>
          <Select
            variant="field"
            id={ids.type}
            value={draft.values.type}
            placeholder={ko.clothes.analysis.choose}
            options={TYPE_OPTIONS}
            disabled={disabled}
            onValueChange={(type) => onEdit(draft.key, { type: type as ClothesType })}
          />
        </Field>
        {colour ? (
          <Field id={ids.colour} label={colour.name} adornment={<ColourDot value={colourValue} />}>
            <Select
              variant="field"
              id={ids.colour}
              value={colourValue === '' ? NONE : colourValue}
              options={[
                { value: NONE, label: ko.clothes.attributeNone },
                ...colour.selectableValues.map((option) => ({ value: option, label: option })),
              ]}
              disabled={disabled}
              onValueChange={(value) => setAttribute(colour.id, value === NONE ? '' : value)}
            />
          </Field>
        ) : null}
      </div>
      {summary.length > 0 && !open ? (
        <p className="truncate text-xs text-ink-soft">{summary.join(' · ')}</p>
      ) : null}

      <div id={ids.details} hidden={!open} className="flex flex-col gap-3 border-t border-line pt-3">
        {open ? (
          <>
            <div className="flex flex-col gap-0.5 text-xs text-ink-muted">
              {draft.file ? (
                <p className="break-all">{ko.clothes.analysis.fileName(draft.file.name)}</p>
              ) : null}
              {draft.found[0] ? (
                <p className="flex items-center gap-1.5 text-ink-soft">
                  <ColourDot value={draft.found[0].value} />
                  {ko.clothes.analysis.detectedColour(draft.found[0].value)}
                </p>
              ) : null}
            </div>
            {others.length > 0 ? (
              <div className="grid grid-cols-2 gap-x-2 gap-y-3">
                {others.map((definition) => (
                  <AttributeSelect
                    key={definition.id}
                    definition={definition}
                    value={draft.values.attributes[definition.id] ?? ''}
                    disabled={disabled}
                    onChange={(value) => setAttribute(definition.id, value)}
                  />
                ))}
              </div>
            ) : null}
          </>
        ) : null}
      </div>

      {draft.analysis === 'failed' && !draft.photoError ? (
        <p className="text-xs text-ink-muted">{ko.clothes.analysis.analysisFailed}</p>
      ) : null}
      {problem ? (
        <div className="flex flex-col items-start gap-2">
          <p id={ids.error} className="text-[13px] text-red-600">
            {problem}
          </p>
          {draft.photoError && draft.file ? (
            <Button variant="outline" size="sm" disabled={disabled} onClick={() => onRemovePhoto(draft.key)}>
              <ImageOff className="size-4" aria-hidden />
              {ko.clothes.analysis.removePhoto}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
});

/** A small visible label above its control. */
function Field({
  id,
  label,
  adornment,
  children,
}: {
  id: string;
  label: string;
  adornment?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-1.5 truncate text-xs font-bold text-ink-soft">
        {label}
        {adornment}
      </label>
      {children}
    </div>
  );
}

/**
 * The chosen photo (a placeholder when there is none or the browser cannot show it), with a spinner over it while
 * the analysis reads it.
 */
function DraftPhoto({ file, alt, analysing }: { file: File | null; alt: string; analysing: boolean }) {
  const url = file ? photoUrl(file) : null;
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className="relative flex w-20 shrink-0 items-center justify-center self-stretch overflow-hidden rounded-xl bg-surface-soft sm:w-24">
      {url && failed !== url ? (
        <img src={url} alt={alt} onError={() => setFailed(url)} className="size-full object-cover" />
      ) : (
        <ImageOff className="size-6 text-ink-muted" aria-hidden />
      )}
      {analysing ? (
        <span role="status" className="absolute inset-0 flex items-center justify-center bg-white/70">
          <LoaderCircle className="size-6 animate-spin text-brand-600" aria-hidden />
          <span className="sr-only">{ko.clothes.analysis.analyzing}</span>
        </span>
      ) : null}
    </div>
  );
}
