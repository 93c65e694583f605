import { ArrowLeft, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ko } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { PackingChecklist } from '@/features/trips/components/packing-checklist';
import { TripDays } from '@/features/trips/components/trip-days';
import { useDeleteTrip, useTrip } from '@/features/trips/hooks/use-trips';
import { tripPlace, tripShortDate } from '@/features/trips/utils/trip-format';
import { errorText } from '@/utils/error-text';

/** /trips/:tripId — one trip: the days with their weather and outfits, and the packing checklist. */
export function TripRoute() {
  const t = ko.trips;
  const { tripId = '' } = useParams();
  const trip = useTrip(tripId);
  const remove = useDeleteTrip();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const back = (
    <Button variant="ghost" asChild>
      <Link to={paths.trips.href()}>
        <ArrowLeft className="size-4" aria-hidden />
        {t.back}
      </Link>
    </Button>
  );

  if (!trip.data)
    return (
      <Page title={t.title} actions={back}>
        {trip.isError ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-600">
            {errorText(trip.error)}
          </p>
        ) : (
          <div className="flex justify-center py-10">
            <Spinner label={ko.common.loading} />
          </div>
        )}
      </Page>
    );

  const data = trip.data;
  return (
    <Page
      title={tripPlace(data)}
      actions={
        <div className="flex flex-wrap gap-1">
          {back}
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden />
            {t.delete}
          </Button>
        </div>
      }
    >
      <p className="-mt-3 mb-5 text-sm text-ink-soft">
        {data.location.locationNames.join(' ')} · {t.range(tripShortDate(data.from), tripShortDate(data.to))}{' '}
        · {t.dayCount(data.days.length)}
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
        <div className="lg:order-2 lg:sticky lg:top-4">
          <PackingChecklist trip={data} />
        </div>
        <div className="lg:order-1">
          <TripDays trip={data} />
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.deleteTitle}
        description={t.deleteBody}
        confirmLabel={t.deleteConfirm}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(data.id, {
            onSuccess: () => {
              setConfirming(false);
              void navigate(paths.trips.href());
            },
          })
        }
      />
    </Page>
  );
}
