import { ChevronRight, Luggage, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ko } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { NewTripDialog } from '@/features/trips/components/new-trip-dialog';
import { useTrips } from '@/features/trips/hooks/use-trips';
import { packedCount, tripPlace, tripShortDate } from '@/features/trips/utils/trip-format';
import { PlaceSearch } from '@/features/weather/components/place-search';
import { errorText } from '@/utils/error-text';

/** /trips — '여행 짐 싸기' (docs/api.md §10): the trips, newest first, and '새 여행'. */
export function TripsRoute() {
  const t = ko.trips;
  const trips = useTrips();
  const [creating, setCreating] = useState(false);

  return (
    <Page
      title={t.title}
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden />
          {t.newTrip}
        </Button>
      }
    >
      {trips.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={ko.common.loading} />
        </div>
      ) : trips.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-600">
          {t.loadFailed} {errorText(trips.error)}
        </p>
      ) : trips.data.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-line px-6 py-12 text-center">
          <Luggage className="size-10 text-brand-500" aria-hidden />
          <p className="max-w-sm text-[15px] break-keep text-ink-soft">{t.empty}</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {trips.data.map((trip) => {
            const { packed, total } = packedCount(trip);
            const place = tripPlace(trip);
            return (
              <li key={trip.id}>
                <Link
                  to={paths.trips.detail.href(trip.id)}
                  className="flex items-center gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4 transition-shadow hover:shadow-md focus-visible:ring-4 focus-visible:ring-brand-500 focus-visible:outline-none"
                >
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                    <Luggage className="size-5" aria-hidden />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className="truncate text-[15px] font-bold text-ink">{place}</span>
                    <span className="text-sm text-ink-soft">
                      {t.range(tripShortDate(trip.from), tripShortDate(trip.to))} ·{' '}
                      {t.dayCount(trip.days.length)}
                    </span>
                    <span className="text-sm font-bold text-brand-700">{t.packedCount(packed, total)}</span>
                  </span>
                  <ChevronRight className="size-5 shrink-0 text-ink-muted" aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <NewTripDialog
        open={creating}
        onOpenChange={setCreating}
        placeSearch={(onChoose) => <PlaceSearch onChoose={onChoose} autoFocus />}
      />
    </Page>
  );
}
