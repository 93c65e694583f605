import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { cn } from '@/utils/cn';

export interface FormSelectOption {
  value: string;
  label: string;
}

interface FormSelectProps {
  /** Ties the trigger to a visible `<label htmlFor>`. */
  id: string;
  /** '' shows the placeholder. */
  value: string;
  onValueChange(value: string): void;
  options: readonly FormSelectOption[];
  placeholder?: string;
  disabled?: boolean;
}

/** A full-width dropdown for dialog forms, labelled by its form label. */
export function FormSelect({ id, value, onValueChange, options, placeholder, disabled }: FormSelectProps) {
  return (
    <Select.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <Select.Trigger
        id={id}
        className={cn(
          'inline-flex h-12 w-full items-center justify-between gap-2 rounded-xl border border-line bg-white px-4 text-[15px] text-ink',
          'hover:bg-surface-soft focus:border-brand-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100',
          'disabled:cursor-not-allowed disabled:bg-surface data-placeholder:text-ink-muted',
        )}
      >
        <Select.Value placeholder={placeholder} />
        <Select.Icon>
          <ChevronDown className="size-4 text-ink-muted" aria-hidden />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className="z-[80] max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-xl border border-line bg-white p-1 shadow-lg"
        >
          <Select.Viewport>
            {options.map((option) => (
              <Select.Item
                key={option.value}
                value={option.value}
                className="relative flex h-10 cursor-pointer items-center rounded-lg pr-3 pl-8 text-[15px] text-ink outline-none select-none data-highlighted:bg-surface"
              >
                <Select.ItemIndicator className="absolute left-2">
                  <Check className="size-4 text-brand-500" aria-hidden />
                </Select.ItemIndicator>
                <Select.ItemText>{option.label}</Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
