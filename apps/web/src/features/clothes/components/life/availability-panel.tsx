import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { ko, type AvailabilityState, type ClothesDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { useClothesLife } from '@/features/clothes/hooks/use-clothes-life';
import { formatDay, isAway, today } from '@/features/clothes/utils/clothes-life';

const AWAY: readonly Exclude<AvailabilityState, 'AVAILABLE'>[] = ['LAUNDRY', 'LENT', 'REPAIR'];

interface AvailabilityPanelProps {
  clothes: ClothesDto;
  onChanged(clothes: ClothesDto): void;
}

/**
 * The garment page's '옷 상태': one tap marks the piece '세탁 중', '빌려줌' or '수선 중' (through the return date when
 * one is picked first), '다시 입을 수 있어요' clears it (docs/api.md §10).
 */
export function AvailabilityPanel({ clothes, onChanged }: AvailabilityPanelProps) {
  const life = ko.clothes.life;
  const headingId = useId();
  const untilId = useId();
  const hintId = useId();
  const current = clothes.availability?.state ?? 'AVAILABLE';
  const [until, setUntil] = useState(clothes.availability?.until ?? '');
  const { setAvailability, busy } = useClothesLife(onChanged);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-bold text-ink-soft">
        {life.availabilityTitle}
      </h3>
      <p className="text-[15px] text-ink" aria-live="polite">
        <strong>{life.states[current]}</strong>
        {isAway(clothes) && clothes.availability?.until ? (
          <span className="text-ink-soft"> · {life.untilBadge(formatDay(clothes.availability.until))}</span>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2" role="group" aria-label={life.availabilityAction}>
        {AWAY.map((state) => (
          <Button
            key={state}
            variant={current === state ? 'primary' : 'outline'}
            size="sm"
            aria-pressed={current === state}
            disabled={busy}
            onClick={() => void setAvailability(clothes, state, until || null)}
          >
            {life.states[state]}
          </Button>
        ))}
        {isAway(clothes) ? (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            className="text-brand-600"
            onClick={() => void setAvailability(clothes, 'AVAILABLE').then((c) => c && setUntil(''))}
          >
            <Sparkles className="size-4" aria-hidden />
            {life.clear}
          </Button>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={untilId} className="text-sm font-bold text-ink-soft">
          {life.until}
        </label>
        <input
          id={untilId}
          type="date"
          min={today()}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          aria-describedby={hintId}
          className="h-11 w-full max-w-56 rounded-xl border border-line bg-white px-3 text-[15px] text-ink focus-within:border-brand-500 focus:outline-none focus-within:ring-4 focus-within:ring-brand-100"
        />
        <p id={hintId} className="text-[13px] text-ink-soft">
          {life.untilHint}
        </p>
      </div>
    </section>
  );
}
