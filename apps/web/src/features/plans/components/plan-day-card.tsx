import { AlertTriangle, NotebookPen, Shirt, Sparkles, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { ko, type ClothesDto, type PlanDto } from '@otboo/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ClothesPhoto } from '@/components/ui/clothes-tile';
import { awayFlag, planDayTitle } from '@/features/plans/utils/plan-dates';
import { cn } from '@/utils/cn';

interface PlanDayCardProps {
  date: string;
  isToday: boolean;
  /** The day's forecast in a line (the route renders it from the weather feature), or '예보 없음'. */
  weather: ReactNode;
  /** Whether the day has a forecast ('추천으로 채우기' needs one). */
  hasForecast: boolean;
  plan: PlanDto | undefined;
  /** The closet by id (to name why a planned piece is away); a planned piece missing from it is archived. */
  closet: ReadonlyMap<string, ClothesDto> | undefined;
  busy: boolean;
  onPick(): void;
  onRecommend(): void;
  onNote(): void;
  onClear(): void;
}

/** One day of the week: its date and forecast, the planned pieces with a flag on each away that day, the actions. */
export function PlanDayCard({
  date,
  isToday,
  weather,
  hasForecast,
  plan,
  closet,
  busy,
  onPick,
  onRecommend,
  onNote,
  onClear,
}: PlanDayCardProps) {
  const titleId = useId();
  const title = planDayTitle(date);
  const unavailable = new Set(plan?.unavailableClothesIds ?? []);
  const flagOf = (clothesId: string) => {
    if (!closet) return awayFlag(undefined);
    const piece = closet.get(clothesId);
    return awayFlag(piece ? piece.availability?.state : 'ARCHIVED');
  };

  return (
    <article
      aria-labelledby={titleId}
      data-testid={`plan-day-${date}`}
      className={cn(
        'flex h-full flex-col gap-3 rounded-[var(--radius-card)] border bg-white p-4 shadow-sm',
        isToday ? 'border-brand-300' : 'border-line',
      )}
    >
      <header className="flex flex-col gap-1">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold text-ink">
          {title}
          {isToday ? <Badge tone="brand">{ko.weather.today}</Badge> : null}
        </h2>
        {weather}
      </header>

      {plan ? (
        <div className="flex flex-col gap-2">
          <ul aria-label={ko.plans.piecesOf(title)} className="flex flex-col gap-2">
            {plan.clothes.map((piece) => {
              const away = piece.clothesId !== null && unavailable.has(piece.clothesId);
              return (
                <li key={piece.clothesId ?? piece.name} className="flex items-center gap-3">
                  <span
                    aria-hidden
                    className="size-12 shrink-0 overflow-hidden rounded-lg border border-line bg-surface-soft"
                  >
                    <ClothesPhoto src={piece.thumbnailUrl ?? piece.imageUrl} alt="" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                    <span
                      className={cn(
                        'text-[15px] font-bold break-keep text-ink',
                        away && 'text-ink-soft line-through',
                      )}
                    >
                      {piece.name}
                    </span>
                    <span className="text-xs text-ink-muted">{ko.clothes.types[piece.type]}</span>
                    {away && piece.clothesId ? (
                      <span className="inline-flex items-center rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-bold text-red-700">
                        {flagOf(piece.clothesId)}
                      </span>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
          {unavailable.size > 0 ? (
            <p className="flex items-center gap-1.5 text-sm font-bold text-red-600">
              <AlertTriangle className="size-4 shrink-0" aria-hidden />
              {ko.plans.unavailableWarning}
            </p>
          ) : null}
          {plan.note ? (
            <p className="rounded-lg bg-surface-soft px-3 py-2 text-sm break-keep text-ink-soft">
              {plan.note}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-line px-3 py-4 text-center text-sm text-ink-soft">
          {ko.plans.empty}
        </p>
      )}

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button size="sm" variant={plan ? 'outline' : 'primary'} disabled={busy} onClick={onPick}>
          <Shirt className="size-4" aria-hidden />
          {ko.plans.pickFromCloset}
        </Button>
        {hasForecast ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={onRecommend}>
            <Sparkles className="size-4" aria-hidden />
            {ko.plans.fillFromRecommendation}
          </Button>
        ) : null}
        {plan ? (
          <>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={onNote}
              aria-label={`${ko.plans.editNote}: ${title}`}
            >
              <NotebookPen className="size-4" aria-hidden />
              {ko.plans.editNote}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={onClear}
              aria-label={`${ko.plans.clear}: ${title}`}
            >
              <Trash2 className="size-4" aria-hidden />
              {ko.plans.clear}
            </Button>
          </>
        ) : null}
      </div>
    </article>
  );
}
