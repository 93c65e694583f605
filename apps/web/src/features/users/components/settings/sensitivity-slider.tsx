import { Slider } from 'radix-ui';
import { LIMITS, ko } from '@otboo/contract';

/** Temperature sensitivity 0–5 in steps of 0.1 (0 feels cold easily, 5 feels hot easily). */
export function SensitivitySlider({
  value,
  onChange,
  labelId,
}: {
  value: number;
  onChange(value: number): void;
  labelId: string;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-4">
        <Slider.Root
          min={LIMITS.temperatureSensitivityMin}
          max={LIMITS.temperatureSensitivityMax}
          step={0.1}
          value={[value]}
          onValueChange={([next]) => onChange(Math.round((next ?? value) * 10) / 10)}
          className="relative flex h-6 flex-1 touch-none items-center select-none"
        >
          <Slider.Track className="relative h-2 grow overflow-hidden rounded-full bg-gradient-to-r from-sky-200 via-surface to-orange-200">
            <Slider.Range className="absolute h-full bg-transparent" />
          </Slider.Track>
          <Slider.Thumb
            aria-labelledby={labelId}
            className="block size-6 rounded-full border-2 border-brand-500 bg-white shadow-md focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none"
          />
        </Slider.Root>
        <span className="w-10 text-right text-[15px] font-bold text-brand-600 tabular-nums">
          {value.toFixed(1)}
        </span>
      </div>
      <div className="flex justify-between pr-14 text-[13px] text-ink-muted">
        <span>{ko.profile.feelsCold}</span>
        <span>{ko.profile.feelsHot}</span>
      </div>
    </div>
  );
}
