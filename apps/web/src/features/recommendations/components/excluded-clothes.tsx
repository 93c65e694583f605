import { Undo2 } from 'lucide-react';
import { useId } from 'react';
import { ko } from '@otboo/contract';
import type { ExcludablePiece } from '@/features/recommendations/hooks/use-exclusions';

interface ExcludedClothesProps {
  /** The day's garments taken out ('excludedClothesIds'), named. */
  items: ExcludablePiece[];
  /** Garments whose undo is on its way. */
  pending: ReadonlySet<string>;
  onUndo(clothesId: string): void;
}

/** '오늘 뺀 옷': a compact row of the garments taken out of the selected day, each with '되돌리기'. */
export function ExcludedClothes({ items, pending, onUndo }: ExcludedClothesProps) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-2xl bg-surface-soft px-4 py-3 sm:flex-row sm:items-center sm:gap-3"
    >
      <h3 id={headingId} className="shrink-0 text-sm font-bold text-ink-soft">
        {ko.recommendations.excludedToday}
      </h3>
      <ul className="flex min-w-0 flex-wrap gap-2">
        {items.map((item) => (
          <li
            key={item.clothesId}
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-line bg-white py-0.5 pr-1 pl-3 text-sm text-ink"
          >
            <span className="truncate" title={item.name}>
              {item.name}
            </span>
            <button
              type="button"
              aria-label={ko.recommendations.undoItem(item.name)}
              disabled={pending.has(item.clothesId)}
              onClick={() => onUndo(item.clothesId)}
              className="inline-flex min-h-8 shrink-0 items-center gap-1 rounded-full px-2.5 text-[13px] font-bold text-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-ink-muted"
            >
              <Undo2 className="size-3.5" aria-hidden />
              {ko.recommendations.undo}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
