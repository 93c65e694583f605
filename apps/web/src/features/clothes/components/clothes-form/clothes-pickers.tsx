import { useId } from 'react';
import { CLOTHES_TYPES, ko, type AttributeDefDto, type ClothesType } from '@otboo/contract';
import { Select, type SelectOption } from '@/components/ui/select';
import { cn } from '@/utils/cn';

/** Radix items cannot have an empty value; this one stands for "no value" ('선택 안 함'). */
const NONE = '__none__';

const TYPE_OPTIONS: SelectOption[] = CLOTHES_TYPES.map((type) => ({
  value: type,
  label: ko.clothes.types[type],
}));

/** '종류' with its select of every clothes type: the add and edit dialogs and each bulk-add draft. */
export function ClothesTypeSelect({
  value,
  disabled,
  onChange,
}: {
  value: ClothesType | '';
  disabled: boolean;
  onChange(type: ClothesType): void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink-soft">
        {ko.clothes.type}
      </label>
      <Select
        variant="field"
        id={id}
        value={value}
        placeholder={ko.clothes.typePlaceholder}
        options={TYPE_OPTIONS}
        disabled={disabled}
        onValueChange={(type) => onChange(type as ClothesType)}
      />
    </div>
  );
}

/** One attribute definition's select, labelled with its name; '선택 안 함' is the empty value `''`. */
export function AttributeSelect({
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
        onValueChange={(option) => onChange(option === NONE ? '' : option)}
      />
    </div>
  );
}

/**
 * The season definition's options as toggles (docs/api.md §9.8: a garment may have several seasons): native
 * checkboxes in a labelled group, so Tab reaches each and Space ticks it. `value` keeps the option order.
 */
export function SeasonPicker({
  definition,
  value,
  disabled,
  onChange,
}: {
  definition: AttributeDefDto;
  value: readonly string[];
  disabled: boolean;
  onChange(value: string[]): void;
}) {
  const chosen = new Set(value);
  function toggle(option: string) {
    const next = new Set(chosen);
    if (next.has(option)) next.delete(option);
    else next.add(option);
    onChange(definition.selectableValues.filter((o) => next.has(o)));
  }
  return (
    <fieldset className="col-span-2 flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 truncate text-[13px] font-bold text-ink-soft">{definition.name}</legend>
      <div className="flex flex-wrap gap-2">
        {definition.selectableValues.map((option) => (
          <label
            key={option}
            className={cn(
              'flex h-10 cursor-pointer items-center gap-2 rounded-full border px-4 text-[15px] transition-colors',
              'has-focus-visible:ring-4 has-focus-visible:ring-brand-100',
              chosen.has(option)
                ? 'border-brand-500 bg-brand-50 font-bold text-brand-700'
                : 'border-line bg-white text-ink-soft',
              disabled && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="checkbox"
              checked={chosen.has(option)}
              disabled={disabled}
              onChange={() => toggle(option)}
              className="size-4 accent-brand-600"
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
