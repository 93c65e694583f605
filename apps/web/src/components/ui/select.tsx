import { Check, ChevronDown } from 'lucide-react';
import { Select as RadixSelect } from 'radix-ui';
import { cn } from '@/utils/cn';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps {
  value: string;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  'aria-label': string;
  className?: string;
}

/** A dropdown list; Radix keeps it keyboard-accessible and closes it on Escape or an outside click. */
export function Select({ value, onValueChange, options, className, ...aria }: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange}>
      <RadixSelect.Trigger
        aria-label={aria['aria-label']}
        className={cn(
          'inline-flex h-11 min-w-36 items-center justify-between gap-2 rounded-xl border border-line bg-white px-4 text-[15px] text-ink',
          'hover:bg-surface-soft focus-visible:ring-4 focus-visible:ring-brand-100',
          className,
        )}
      >
        <RadixSelect.Value />
        <RadixSelect.Icon>
          <ChevronDown className="size-4 text-ink-muted" aria-hidden />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 min-w-(--radix-select-trigger-width) overflow-hidden rounded-xl border border-line bg-white p-1 shadow-lg"
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
