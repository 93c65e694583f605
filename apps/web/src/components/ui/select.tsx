import { Check, ChevronDown } from 'lucide-react';
import { Select as RadixSelect } from 'radix-ui';
import { cn } from '@/utils/cn';

export interface SelectOption {
  value: string;
  label: string;
}

const VARIANTS = {
  /** A toolbar filter, named by its `aria-label`. */
  filter: { trigger: 'h-11 min-w-36', content: 'z-50' },
  /** A full-width form field named by a `<label htmlFor={id}>`; its list stacks above dialogs and fits the space left. */
  field: {
    trigger:
      'h-12 w-full focus:border-brand-500 focus:outline-none disabled:cursor-not-allowed disabled:bg-surface data-placeholder:text-ink-muted',
    content: 'z-[80] max-h-(--radix-select-content-available-height)',
  },
} as const;

interface SelectProps {
  /** '' shows the placeholder. */
  value: string;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  variant?: keyof typeof VARIANTS;
  /** Ties the trigger to a visible `<label htmlFor>`. */
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/** A dropdown list; Radix keeps it keyboard-accessible and closes it on Escape or an outside click. */
export function Select({
  value,
  onValueChange,
  options,
  variant = 'filter',
  id,
  placeholder,
  disabled,
  className,
  ...aria
}: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger
        id={id}
        aria-label={aria['aria-label']}
        className={cn(
          'inline-flex items-center justify-between gap-2 rounded-xl border border-line bg-white px-4 text-[15px] text-ink',
          'hover:bg-surface-soft focus-visible:ring-4 focus-visible:ring-brand-100',
          VARIANTS[variant].trigger,
          className,
        )}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon>
          <ChevronDown className="size-4 text-ink-muted" aria-hidden />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className={cn(
            'min-w-(--radix-select-trigger-width) overflow-hidden rounded-xl border border-line bg-white p-1 shadow-lg',
            VARIANTS[variant].content,
          )}
        >
          <RadixSelect.Viewport>
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                className="relative flex h-10 cursor-pointer items-center rounded-lg pr-3 pl-8 text-[15px] text-ink outline-none select-none data-highlighted:bg-surface"
              >
                <RadixSelect.ItemIndicator className="absolute left-2">
                  <Check className="size-4 text-brand-500" aria-hidden />
                </RadixSelect.ItemIndicator>
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
