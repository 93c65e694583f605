import { ChevronDown, ImageOff, X } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { LIMITS, ko, type AttributeDefDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ColourDot } from '@/features/clothes/components/bulk-add/colour-dot';
import {
  AttributeSelect,
  ClothesTypeSelect,
} from '@/features/clothes/components/clothes-form/clothes-pickers';
import type { ClothesDraft } from '@/features/clothes/utils/bulk-drafts';
import type { ClothesFormValues } from '@/features/clothes/utils/clothes-form';
import { photoUrl } from '@/features/clothes/utils/photo-urls';
import { cn } from '@/utils/cn';

interface DraftCardProps {
  draft: ClothesDraft;
  /** 1-based, as the card is named ('3번째 옷'). */
  number: number;
  definitions: readonly AttributeDefDto[];
  disabled: boolean;
  // Keyed callbacks, the same for every card, so that typing in one card does not render the other 29.
  onEdit(key: string, patch: Partial<ClothesFormValues>): void;
  onRemove(key: string): void;
  onRemovePhoto(key: string): void;
}

/** The id of a draft's name field, where focus goes when the draft needs the user after a save. */
export function draftNameId(key: string): string {
  return `bulk-${key}-name`;
}

/**
 * One photo of the bulk add: the photo with what was read from it, the name and type fields, the attributes as
 * chips (each removable) with every attribute's select behind '속성 편집', and the error that kept it from saving.
 */
export const DraftCard = memo(function DraftCard({
  draft,
  number,
  definitions,
  disabled,
  onEdit,
  onRemove,
  onRemovePhoto,
}: DraftCardProps) {
  const ids = { title: useId(), error: useId(), attributes: useId() };
  const [editing, setEditing] = useState(false);
  const label = ko.clothes.analysis.draftLabel(number);
  const problem = draft.photoError ?? draft.error;
  const chosen = definitions.flatMap((definition) => {
    const value = draft.values.attributes[definition.id];
    return value ? [{ definition, value }] : [];
  });

  function setAttribute(definitionId: string, value: string) {
    onEdit(draft.key, {
      attributes: { ...draft.values.attributes, [definitionId]: value },
    });
  }

  return (
    <article
      aria-labelledby={ids.title}
      aria-describedby={problem ? ids.error : undefined}
      aria-busy={draft.saving}
      className={cn(
        'flex h-full flex-col gap-3 rounded-[var(--radius-card)] border bg-white p-3 sm:p-4',
        problem ? 'border-red-300' : 'border-line',
      )}
    >
      <div className="flex items-start gap-3">
        <DraftPhoto file={draft.file} alt={label} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={ids.title} className="text-[15px] font-bold text-ink">
            {label}
          </h3>
          {draft.file ? (
            <p className="truncate text-xs text-ink-muted" title={draft.file.name}>
              {draft.file.name}
            </p>
          ) : null}
          <AnalysisLine draft={draft} />
        </div>
        <button
          type="button"
          aria-label={ko.clothes.analysis.removeDraft(number)}
          disabled={disabled}
          onClick={() => onRemove(draft.key)}
          className="-mt-1 -mr-1 flex size-11 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink disabled:opacity-50 lg:size-9"
        >
          <X className="size-5" aria-hidden />
        </button>
      </div>

      <TextField
        id={draftNameId(draft.key)}
        label={ko.clothes.name}
        placeholder={ko.clothes.namePlaceholder}
        value={draft.values.name}
        maxLength={LIMITS.clothesNameMax}
        disabled={disabled}
        onChange={(event) => onEdit(draft.key, { name: event.target.value })}
      />
      <ClothesTypeSelect
        value={draft.values.type}
        disabled={disabled}
        onChange={(type) => onEdit(draft.key, { type })}
      />

      <div className="flex flex-col gap-2">
        {chosen.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={ko.clothes.attributes}>
            {chosen.map(({ definition, value }) => (
              <li
                key={definition.id}
                className="inline-flex items-center gap-1 rounded-full bg-surface py-0.5 pr-0.5 pl-2.5 text-xs text-ink-soft"
              >
                <span className="sr-only">{definition.name} </span>
                {value}
                <button
                  type="button"
                  aria-label={ko.clothes.analysis.removeAttribute(definition.name, value)}
                  disabled={disabled}
                  onClick={() => setAttribute(definition.id, '')}
                  className="flex size-6 items-center justify-center rounded-full hover:bg-line hover:text-ink"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {definitions.length > 0 ? (
          <button
            type="button"
            aria-expanded={editing}
            aria-controls={ids.attributes}
            disabled={disabled}
            onClick={() => setEditing((open) => !open)}
            className="inline-flex h-9 items-center gap-1 self-start rounded-lg px-2 text-sm font-bold text-brand-600 hover:bg-brand-50 disabled:text-ink-muted"
          >
            {ko.clothes.analysis.editAttributes}
            <ChevronDown className={cn('size-4 transition-transform', editing && 'rotate-180')} aria-hidden />
          </button>
        ) : null}
        <div id={ids.attributes} hidden={!editing} className="grid grid-cols-2 gap-x-3 gap-y-3">
          {editing
            ? definitions.map((definition) => (
                <AttributeSelect
                  key={definition.id}
                  definition={definition}
                  value={draft.values.attributes[definition.id] ?? ''}
                  disabled={disabled}
                  onChange={(value) => setAttribute(definition.id, value)}
                />
              ))
            : null}
        </div>
      </div>

      {problem ? (
        <div className="mt-auto flex flex-col items-start gap-2">
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

/** The chosen photo, or a placeholder when there is none or the browser cannot show it (not an image). */
function DraftPhoto({ file, alt }: { file: File | null; alt: string }) {
  const url = file ? photoUrl(file) : null;
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-surface-soft sm:size-24">
      {url && failed !== url ? (
        <img src={url} alt={alt} onError={() => setFailed(url)} className="size-full object-cover" />
      ) : (
        <ImageOff className="size-6 text-ink-muted" aria-hidden />
      )}
    </div>
  );
}

/** What the analysis is doing or found: a spinner, the colour read from the photo, or that it could not. */
function AnalysisLine({ draft }: { draft: ClothesDraft }) {
  if (draft.analysis === 'waiting' || draft.analysis === 'running') {
    return <Spinner label={ko.clothes.analysis.analyzing} className="text-xs" />;
  }
  if (draft.analysis === 'failed' && !draft.photoError) {
    return <p className="text-xs text-ink-muted">{ko.clothes.analysis.analysisFailed}</p>;
  }
  const colour = draft.found[0];
  if (!colour) return null;
  return (
    <p className="flex items-center gap-1.5 text-xs text-ink-soft">
      <ColourDot value={colour.value} />
      {ko.clothes.analysis.detectedColour(colour.value)}
    </p>
  );
}
