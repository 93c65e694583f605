import { Hourglass } from 'lucide-react';
import { ko } from '@otboo/contract';

/** Stands in for a screen that a later release delivers. */
export function ComingSoon() {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] border border-dashed border-line bg-white px-6 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-500">
        <Hourglass className="size-7" aria-hidden />
      </span>
      <p className="text-base font-bold text-ink-soft">{ko.layout.comingSoon}</p>
    </div>
  );
}
