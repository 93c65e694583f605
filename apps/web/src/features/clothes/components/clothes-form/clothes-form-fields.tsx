import { useId } from 'react';
import { CLOTHES_TYPES, LIMITS, ko, type AttributeDefDto, type ClothesType } from '@otboo/contract';
import { Select, type SelectOption } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ImagePicker } from '@/features/clothes/components/clothes-form/image-picker';
import type { ClothesFormValues } from '@/features/clothes/utils/clothes-form';

/** Radix items cannot have an empty value; this one stands for "no value" ('선택 안 함'). */
const NONE = '__none__';

const TYPE_OPTIONS: SelectOption[] = CLOTHES_TYPES.map((type) => ({
  value: type,
  label: ko.clothes.types[type],
}));

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

/** Photo, name, type and one select per attribute definition: the body of the add and edit dialogs. */
export function ClothesFormFields(props: ClothesFormFieldsProps) {
  const { values, onChange, definitions, disabled = false } = props;
  const ids = { image: useId(), type: useId(), attributes: useId() };

  function setAttribute(definitionId: string, value: string) {
    onChange({ attributes: { ...values.attributes, [definitionId]: value === NONE ? '' : value } });
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
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.type} className="text-sm font-bold text-ink-soft">
          {ko.clothes.type}
        </label>
        <Select
          variant="field"
          id={ids.type}
          value={values.type}
          placeholder={ko.clothes.typePlaceholder}
          options={TYPE_OPTIONS}
          disabled={disabled}
          onValueChange={(type) => onChange({ type: type as ClothesType })}
        />
      </div>
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
            {definitions.map((definition) => (
              <AttributeSelect
                key={definition.id}
                definition={definition}
                value={values.attributes[definition.id] ?? ''}
                disabled={disabled}
                onChange={(value) => setAttribute(definition.id, value)}
              />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

function AttributeSelect({
  definition,
  value,
  disabled,
  onChange,
}: {
  definition: AttributeDefDto;
  value: string;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const id = useId();
  const options: SelectOption[] = [
    { value: NONE, label: ko.clothes.attributeNone },
    ...definition.selectableValues.map((option) => ({ value: option, label: option })),
  ];
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="truncate text-[13px] font-bold text-ink-soft">
        {definition.name}
      </label>
      <Select
        variant="field"
        id={id}
        value={value === '' ? NONE : value}
        options={options}
        disabled={disabled}
        onValueChange={onChange}
      />
    </div>
  );
}
