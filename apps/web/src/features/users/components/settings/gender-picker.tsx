import { GENDERS, ko, type Gender } from '@otboo/contract';
import { cn } from '@/utils/cn';

/** 남성 / 여성 / 기타 as a group of toggle buttons; pressing the chosen one again clears it. */
export function GenderPicker({
  value,
  onChange,
  labelId,
}: {
  value: Gender | null;
  onChange(value: Gender | null): void;
  labelId: string;
}) {
  return (
    <div role="group" aria-labelledby={labelId} className="flex gap-2">
      {GENDERS.map((gender) => {
        const selected = value === gender;
        return (
          <button
            key={gender}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(selected ? null : gender)}
            className={cn(
              'h-11 flex-1 rounded-xl border text-[15px] transition-colors',
              selected
                ? 'border-brand-500 bg-brand-50 font-bold text-brand-600'
                : 'border-line bg-white text-ink-soft hover:bg-surface-soft',
            )}
          >
            {ko.profile.genderLabels[gender]}
          </button>
        );
      })}
    </div>
  );
}
