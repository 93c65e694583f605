import { colourSwatch, isLightSwatch } from '@/features/clothes/utils/colour-swatch';
import { cn } from '@/utils/cn';

/** A small round swatch of a 색상 option, beside its name (decorative: the name says the colour). */
export function ColourDot({ value, className }: { value: string; className?: string }) {
  const swatch = colourSwatch(value);
  if (!swatch) return null;
  return (
    <span
      aria-hidden
      className={cn(
        'inline-block size-3 shrink-0 rounded-full',
        isLightSwatch(swatch) && 'ring-1 ring-line',
        className,
      )}
      style={{ backgroundColor: swatch }}
    />
  );
}
