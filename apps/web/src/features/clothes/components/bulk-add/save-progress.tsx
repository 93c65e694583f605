import { ko } from '@otboo/contract';

/** '12/30 저장 중...' with a bar: how many of the drafts sent by '모두 저장' have been answered. */
export function SaveProgress({ done, total }: { done: number; total: number }) {
  const text = ko.clothes.analysis.savingProgress(done, total);
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <p role="status" className="text-sm font-bold text-ink-soft">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label={ko.clothes.analysis.saveAll}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-2 w-full max-w-80 overflow-hidden rounded-full bg-surface"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
