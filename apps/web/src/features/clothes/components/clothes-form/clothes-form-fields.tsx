import { useId } from 'react';
import { LIMITS, isSeasonDefinitionName, ko, seoulToday, type AttributeDefDto } from '@otboo/contract';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import {
  AttributeSelect,
  ClothesTypeSelect,
  SeasonPicker,
} from '@/features/clothes/components/clothes-form/clothes-pickers';
import { ImagePicker } from '@/features/clothes/components/clothes-form/image-picker';
import type { ClothesFormValues } from '@/features/clothes/utils/clothes-form';

interface ClothesFormFieldsProps {
  values: ClothesFormValues;
  onChange(patch: Partial<ClothesFormValues>): void;
  image: File | null;
  /** The saved photo when editing. */
  currentImageUrl?: string | null;
  onImageChange(file: File): void;
  onImageReject(message: string): void;
  definitions: AttributeDefDto[];
  definitionsLoading: boolean;
  definitionsError: string | null;
  disabled?: boolean;
}

/**
 * Photo, name, type, one select per attribute definition (several seasons ticked in a group of their own), then
 * brand, size and notes (docs/api.md §9.8), and the price and purchase date (§10): the body of the add and edit
 * dialogs.
 */
export function ClothesFormFields(props: ClothesFormFieldsProps) {
  const { values, onChange, definitions, disabled = false } = props;
  const ids = { image: useId(), attributes: useId(), notes: useId() };
  const d = ko.clothes.detail;

  function setAttribute(definitionId: string, value: string) {
    onChange({ attributes: { ...values.attributes, [definitionId]: value } });
  }

  return (
    <div className="flex flex-col gap-5">
      <div role="group" aria-labelledby={ids.image} className="flex flex-col gap-1.5">
        <span id={ids.image} className="text-sm font-bold text-ink-soft">
          {ko.clothes.image}
        </span>
        <ImagePicker
          file={props.image}
          currentUrl={props.currentImageUrl}
          onChange={props.onImageChange}
          onReject={props.onImageReject}
          disabled={disabled}
        />
      </div>
      <TextField
        label={ko.clothes.name}
        placeholder={ko.clothes.namePlaceholder}
        value={values.name}
        maxLength={LIMITS.clothesNameMax}
        disabled={disabled}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <ClothesTypeSelect value={values.type} disabled={disabled} onChange={(type) => onChange({ type })} />
      <section aria-labelledby={ids.attributes} className="flex flex-col gap-3">
        <h3 id={ids.attributes} className="text-sm font-bold text-ink-soft">
          {ko.clothes.attributes}
        </h3>
        {props.definitionsLoading ? (
          <Spinner label={ko.common.loading} className="text-sm" />
        ) : props.definitionsError ? (
          <p role="alert" className="text-sm text-red-600">
            {props.definitionsError}
          </p>
        ) : definitions.length === 0 ? (
          <p className="text-sm text-ink-muted">{ko.clothes.attributesEmpty}</p>
        ) : (
          <div className="grid grid-cols-2 gap-x-3 gap-y-4">
            {definitions.map((definition) =>
              values.seasons && isSeasonDefinitionName(definition.name) ? (
                <SeasonPicker
                  key={definition.id}
                  definition={definition}
                  value={values.seasons}
                  disabled={disabled}
                  onChange={(seasons) => onChange({ seasons })}
                />
              ) : (
                <AttributeSelect
                  key={definition.id}
                  definition={definition}
                  value={values.attributes[definition.id] ?? ''}
                  disabled={disabled}
                  onChange={(value) => setAttribute(definition.id, value)}
                />
              ),
            )}
          </div>
        )}
      </section>
      {values.brand !== undefined ? (
        <>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={d.brand}
              placeholder={d.brandPlaceholder}
              value={values.brand}
              maxLength={LIMITS.clothesBrandMax}
              disabled={disabled}
              onChange={(event) => onChange({ brand: event.target.value })}
            />
            <TextField
              label={d.size}
              placeholder={d.sizePlaceholder}
              value={values.size ?? ''}
              maxLength={LIMITS.clothesSizeMax}
              disabled={disabled}
              onChange={(event) => onChange({ size: event.target.value })}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={ko.clothes.life.price}
              placeholder={ko.clothes.life.pricePlaceholder}
              inputMode="numeric"
              value={values.price ?? ''}
              maxLength={String(LIMITS.clothesPriceMax).length}
              disabled={disabled}
              // Digits only: '39,000원' pasted from a shop becomes 39000.
              onChange={(event) => onChange({ price: event.target.value.replace(/\D/g, '') })}
            />
            <TextField
              label={ko.clothes.life.purchaseDate}
              type="date"
              max={seoulToday()}
              value={values.purchaseDate ?? ''}
              disabled={disabled}
              onChange={(event) => onChange({ purchaseDate: event.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.notes} className="text-sm font-bold text-ink-soft">
              {d.notes}
            </label>
            <textarea
              id={ids.notes}
              rows={3}
              placeholder={d.notesPlaceholder}
              value={values.notes ?? ''}
              maxLength={LIMITS.clothesNotesMax}
              disabled={disabled}
              onChange={(event) => onChange({ notes: event.target.value })}
              className="w-full resize-y rounded-xl border border-line bg-white px-4 py-3 text-[15px] text-ink transition-colors placeholder:text-ink-muted focus:border-brand-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100 disabled:bg-surface disabled:text-ink-muted"
            />
          </div>
        </>
      ) : null}
    </div>
  );
}
