import { ChevronLeft, ChevronRight, Wand2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ko, seoulToday, type PlanDto, type WeatherDto } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { WeatherIcon } from '@/components/ui/weather-icon';
import { getRecommendation } from '@/features/recommendations/api/get-recommendation';
import { ClosetPickerDialog } from '@/features/plans/components/closet-picker-dialog';
import { NoteDialog } from '@/features/plans/components/note-dialog';
import { PlanDayCard } from '@/features/plans/components/plan-day-card';
import { useWeekPlans, useWholeCloset } from '@/features/plans/hooks/use-week-plans';
import { addDays, datesFrom, lastPlannable, planDayTitle } from '@/features/plans/utils/plan-dates';
import { planWriteError } from '@/features/plans/utils/write-error';
import { useProfile } from '@/features/users/hooks/use-profile';
import { forecastQueryOptions } from '@/features/weather/api/forecast-query';
import { seoulDate } from '@/features/weather/utils/day-label';
import { formatPercent, formatTemperature } from '@/features/weather/utils/weather-format';
import { toast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { errorText } from '@/utils/error-text';

/** Days the week shows at once; a second page reaches today + 13. */
const WEEK = 7;
/** Days of the forecast '자동으로 채우기' fills (docs/api.md §10). */
const FORECAST_DAYS = 5;

const pad = (n: number) => String(n).padStart(2, '0');

/** The Seoul `YYYY-MM-DD` a forecast day describes. */
function forecastDate(w: Pick<WeatherDto, 'forecastAt'>): string {
  const { year, month, day } = seoulDate(new Date(w.forecastAt));
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The five forecast days at the profile's location, by date (none without a location). */
function useWeekForecast(userId: string | undefined): Map<string, WeatherDto> {
  const location = useProfile(userId).data?.location ?? null;
  const place = location ? { latitude: location.latitude, longitude: location.longitude } : null;
  const forecast = useQuery({ ...forecastQueryOptions(place), enabled: place !== null });
  return new Map((forecast.data ?? []).map((w) => [forecastDate(w), w]));
}

/** A day's forecast in one line: icon, sky (and rain), min/max and the chance of rain. */
export function PlanWeather({ weather }: { weather: WeatherDto | undefined }) {
  if (!weather) return <p className="text-sm text-ink-muted">{ko.plans.noForecast}</p>;
  const { precipitation, temperature } = weather;
  const sky = ko.weather.sky[weather.skyStatus];
  const condition =
    precipitation.type === 'NONE' ? sky : `${sky} · ${ko.weather.precipitation[precipitation.type]}`;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-ink-soft tabular-nums">
      <WeatherIcon
        skyStatus={weather.skyStatus}
        precipitationType={precipitation.type}
        className="size-5 text-brand-600"
      />
      <span className="font-bold text-ink">{condition}</span>
      <span>
        {formatTemperature(temperature.min)}
        <span aria-hidden>/</span>
        <span className="sr-only"> ~ </span>
        {formatTemperature(temperature.max)}
      </span>
      <span>{ko.weather.precipitationChance(formatPercent(precipitation.probability))}</span>
    </p>
  );
}

type Editing = { kind: 'pick' | 'note'; date: string } | null;

/**
 * /plans — '이번 주 코디' (docs/api.md §10): seven days from today (then the next seven, up to today + 13), each
 * with its forecast when there is one and its planned outfit, picked from the closet, filled from the day's
 * recommendation or by '자동으로 채우기'; a planned piece away that day is flagged.
 */
export function PlansRoute() {
  const userId = useSession((s) => s.user?.id);
  const today = seoulToday();
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [busyDate, setBusyDate] = useState<string | null>(null);
  const from = addDays(today, page * WEEK);
  const dates = datesFrom(from, WEEK);

  const { plans, save, clear, auto } = useWeekPlans(today, lastPlannable(today), userId !== undefined);
  const forecast = useWeekForecast(userId);
  const closet = useWholeCloset(userId, userId !== undefined);
  const closetById = useMemo(
    () => (closet.data ? new Map(closet.data.map((c) => [c.id, c])) : undefined),
    [closet.data],
  );
  const byDate = new Map<string, PlanDto>((plans.data ?? []).map((p) => [p.date, p]));
  const editingPlan = editing ? byDate.get(editing.date) : undefined;

  async function savePlan(
    date: string,
    clothesIds: string[],
    note: string | null,
    done: string = ko.plans.saved,
  ) {
    setBusyDate(date);
    try {
      await save.mutateAsync({ date, request: { clothesIds, note } });
      toast.success(done);
      setEditing(null);
    } catch (error) {
      toast.error(planWriteError(error, ko.plans.saveFailed));
    } finally {
      setBusyDate(null);
    }
  }

  async function fillFromRecommendation(date: string) {
    const weather = forecast.get(date);
    if (!weather) return;
    setBusyDate(date);
    try {
      const outfit = await getRecommendation(weather.id, { current: true });
      const ids = outfit.clothes.flatMap((c) => (c.clothesId ? [c.clothesId] : []));
      if (ids.length === 0) {
        toast.error(ko.recommendations.empty);
        return;
      }
      await save.mutateAsync({
        date,
        request: { clothesIds: ids.slice(0, 10), note: byDate.get(date)?.note ?? null },
      });
      toast.success(ko.plans.saved);
    } catch (error) {
      toast.error(planWriteError(error, ko.plans.saveFailed));
    } finally {
      setBusyDate(null);
    }
  }

  async function clearDay(date: string) {
    setBusyDate(date);
    try {
      await clear.mutateAsync(date);
      toast.success(ko.plans.cleared);
    } catch (error) {
      toast.error(planWriteError(error, ko.plans.clearFailed));
    } finally {
      setBusyDate(null);
    }
  }

  async function autoFill() {
    try {
      const made = await auto.mutateAsync({ from: today, to: addDays(today, FORECAST_DAYS - 1) });
      toast.success(ko.plans.autoFilled(made.length));
    } catch (error) {
      toast.error(planWriteError(error, ko.plans.autoFillFailed));
    }
  }

  const rangeLabel = ko.plans.weekRange(planDayTitle(dates[0] ?? from), planDayTitle(dates.at(-1) ?? from));

  return (
    <Page
      title={ko.plans.title}
      actions={
        page === 0 ? (
          <div className="flex flex-col items-end gap-1">
            <Button disabled={auto.isPending} onClick={() => void autoFill()}>
              <Wand2 className="size-4" aria-hidden />
              {auto.isPending ? ko.plans.autoFilling : ko.plans.autoFill}
            </Button>
          </div>
        ) : null
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-[15px] break-keep text-ink-soft">
          {ko.plans.intro}
          {page === 0 ? <span className="block text-sm text-ink-muted">{ko.plans.autoFillHint}</span> : null}
        </p>
        <nav aria-label={ko.plans.weekList} className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage(0)}>
            <ChevronLeft className="size-4" aria-hidden />
            {ko.plans.previousWeek}
          </Button>
          <p className="text-center text-sm font-bold break-keep text-ink tabular-nums" aria-live="polite">
            {rangeLabel}
          </p>
          <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage(1)}>
            {ko.plans.nextWeek}
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </nav>

        {plans.isLoading ? (
          <div className="flex justify-center py-16">
            <Spinner label={ko.common.loading} />
          </div>
        ) : plans.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="text-[15px] text-red-600">{errorText(plans.error) || ko.plans.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void plans.refetch()}>
              {ko.common.retry}
            </Button>
          </div>
        ) : (
          <ul aria-label={ko.plans.weekList} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {dates.map((date) => (
              <li key={date}>
                <PlanDayCard
                  date={date}
                  isToday={date === today}
                  weather={<PlanWeather weather={forecast.get(date)} />}
                  hasForecast={forecast.has(date)}
                  plan={byDate.get(date)}
                  closet={closetById}
                  busy={busyDate === date}
                  onPick={() => setEditing({ kind: 'pick', date })}
                  onRecommend={() => void fillFromRecommendation(date)}
                  onNote={() => setEditing({ kind: 'note', date })}
                  onClear={() => void clearDay(date)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <ClosetPickerDialog
        open={editing?.kind === 'pick'}
        onOpenChange={(open) => !open && setEditing(null)}
        date={editing?.date ?? today}
        closet={closet.data}
        closetError={closet.isError ? errorText(closet.error) : null}
        initial={(editingPlan?.clothes ?? []).flatMap((c) => (c.clothesId ? [c.clothesId] : []))}
        saving={save.isPending}
        onSave={(ids) => editing && void savePlan(editing.date, ids, editingPlan?.note ?? null)}
      />
      <NoteDialog
        open={editing?.kind === 'note'}
        onOpenChange={(open) => !open && setEditing(null)}
        date={editing?.date ?? today}
        note={editingPlan?.note ?? null}
        saving={save.isPending}
        onSave={(note) =>
          editing &&
          editingPlan &&
          void savePlan(
            editing.date,
            editingPlan.clothes.flatMap((c) => (c.clothesId ? [c.clothesId] : [])),
            note,
            ko.plans.noteSaved,
          )
        }
      />
    </Page>
  );
}
