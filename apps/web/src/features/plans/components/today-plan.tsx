import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ko, seoulToday } from '@otboo/contract';
import { ClothesPhoto } from '@/components/ui/clothes-tile';
import { paths } from '@/config/paths';
import { getPlans } from '@/features/plans/api/plans';
import { queryKeys } from '@/lib/query-keys';

/**
 * The home's '오늘의 계획': today's planned pieces with a way to the week; without a plan for today, only the way
 * there ('이번 주 코디 계획하기'), the phone's entry to the week (it has no tab of its own).
 */
export function TodayPlan() {
  const headingId = useId();
  const today = seoulToday();
  const query = { from: today, to: today };
  const plan = useQuery({
    queryKey: queryKeys.plans.list(query),
    queryFn: () => getPlans(today, today),
  }).data?.[0];

  if (!plan) {
    return (
      <Link
        to={paths.plans.href()}
        className="flex items-center gap-3 self-start rounded-xl px-1 py-2 text-[15px] font-bold text-brand-700 hover:underline"
      >
        <CalendarDays className="size-5" aria-hidden />
        {ko.plans.planTheWeek}
        <ChevronRight className="size-4" aria-hidden />
      </Link>
    );
  }
  const unavailable = new Set(plan.unavailableClothesIds);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-[28px] bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-ink">
          <CalendarDays className="size-5 text-brand-600" aria-hidden />
          {ko.plans.todayPlan}
        </h2>
        <Link
          to={paths.plans.href()}
          className="flex items-center gap-1 rounded-lg text-sm font-bold text-brand-700 hover:underline"
        >
          {ko.plans.todayPlanLink}
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      </div>
      <ul className="flex flex-wrap gap-3">
        {plan.clothes.map((piece) => (
          <li key={piece.clothesId ?? piece.name} className="flex w-20 flex-col items-center gap-1 sm:w-24">
            <span
              aria-hidden
              className="aspect-square w-full overflow-hidden rounded-xl border border-line bg-surface-soft"
            >
              <ClothesPhoto src={piece.thumbnailUrl ?? piece.imageUrl} alt="" />
            </span>
            <span className="line-clamp-2 text-center text-[13px] font-bold break-keep text-ink">
              {piece.name}
            </span>
            {piece.clothesId && unavailable.has(piece.clothesId) ? (
              <span className="inline-flex items-center rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-bold text-red-700">
                {ko.plans.awayFlag.UNAVAILABLE}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {plan.note ? <p className="text-sm break-keep text-ink-soft">{plan.note}</p> : null}
    </section>
  );
}
