import { CircleCheck, ThermometerSnowflake } from 'lucide-react';
import { useId } from 'react';
import { ko, type ClosetInsightsDto } from '@otboo/contract';

/** The weather the closet cannot dress for, in the server's words, coldest first (docs/api.md §9.4). */
export function SeasonGaps({ gaps }: { gaps: ClosetInsightsDto['gaps'] }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-bold text-ink">
        {ko.clothes.insights.gaps}
      </h2>
      {gaps.length === 0 ? (
        <p className="flex items-center gap-2 text-[15px] text-emerald-700">
          <CircleCheck className="size-5 shrink-0" aria-hidden />
          {ko.clothes.insights.noGaps}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {gaps.map((gap) => (
            <li
              key={gap.band}
              className="flex items-start gap-2.5 rounded-xl bg-amber-50 px-3.5 py-3 text-[15px] text-amber-900"
            >
              <ThermometerSnowflake className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
              {gap.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
