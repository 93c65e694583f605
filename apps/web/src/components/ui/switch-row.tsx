import { useId, type ReactNode } from 'react';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/utils/cn';

interface SwitchRowProps {
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  /** A line under the label, read with the switch (its state or why it cannot be used). */
  description?: ReactNode;
  className?: string;
}

/** A labelled switch whose whole row, at least 44 px high, toggles it (docs/product.md, phones). */
export function SwitchRow({
  label,
  checked,
  onCheckedChange,
  disabled,
  description,
  className,
}: SwitchRowProps) {
  const id = useId();
  const descriptionId = useId();
  return (
    <div className={cn('flex min-h-11 items-center gap-4', className)}>
      <label
        htmlFor={id}
        className={cn('flex min-h-11 flex-1 flex-col justify-center py-1.5', !disabled && 'cursor-pointer')}
      >
        <span className="text-[15px] text-ink break-keep">{label}</span>
        {description ? (
          <span id={descriptionId} className="text-sm text-ink-soft break-keep">
            {description}
          </span>
        ) : null}
      </label>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-label={label}
        aria-describedby={description ? descriptionId : undefined}
      />
    </div>
  );
}
