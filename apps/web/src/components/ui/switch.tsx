import { Switch as RadixSwitch } from 'radix-ui';
import { cn } from '@/utils/cn';

interface SwitchProps {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  /** For a `<label htmlFor>` around the row, which makes the whole row the switch's target. */
  id?: string;
  'aria-label': string;
  'aria-describedby'?: string;
}

export function Switch({ checked, onCheckedChange, disabled, id, ...aria }: SwitchProps) {
  return (
    <RadixSwitch.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      id={id}
      aria-label={aria['aria-label']}
      aria-describedby={aria['aria-describedby']}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        'data-[state=checked]:bg-brand-500 data-[state=unchecked]:bg-line disabled:cursor-not-allowed disabled:opacity-50',
      )}
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
    </RadixSwitch.Root>
  );
}
