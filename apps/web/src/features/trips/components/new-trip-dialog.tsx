import { MapPin } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ko, TRIP_LIMITS, type Location } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogCancel, DialogFooter } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCreateTrip } from '@/features/trips/hooks/use-trips';
import { addDays, seoulDatePlus } from '@/features/trips/utils/trip-format';
import { errorText } from '@/utils/error-text';

interface NewTripDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The place search by name (the weather feature's), handed in by the route: features never import each other. */
  placeSearch(onChoose: (place: Location) => void): ReactNode;
}

/** '새 여행': a place by name (the §9 search), the dates, then the trip page with its packing list. */
export function NewTripDialog({ open, onOpenChange, placeSearch }: NewTripDialogProps) {
  const t = ko.trips;
  const navigate = useNavigate();
  const create = useCreateTrip();
  const today = seoulDatePlus(0);
  const [place, setPlace] = useState<Location | null>(null);
  const [from, setFrom] = useState(seoulDatePlus(1));
  const [to, setTo] = useState(seoulDatePlus(3));
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  function reset() {
    setPlace(null);
    setFrom(seoulDatePlus(1));
    setTo(seoulDatePlus(3));
    setError(null);
    setFieldErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    if (!place) {
      setFieldErrors({ place: t.placeRequired });
      return;
    }
    try {
      const trip = await create.mutateAsync({
        latitude: place.latitude,
        longitude: place.longitude,
        from,
        to,
      });
      onOpenChange(false);
      reset();
      void navigate(paths.trips.detail.href(trip.id));
    } catch (err) {
      const data = err instanceof ApiError ? (err.data as { details?: Record<string, string> } | null) : null;
      setFieldErrors(data?.details ?? {});
      setError(errorText(err) || t.createFailed);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
      title={t.newTrip}
      width={520}
    >
      <form onSubmit={(e) => void submit(e)} className="flex min-h-0 flex-1 flex-col" noValidate>
        <DialogBody className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-bold text-ink-soft">{t.place}</legend>
            {place ? (
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-surface-soft px-4 py-3">
                <p className="flex items-center gap-2 text-[15px] font-bold text-ink" role="status">
                  <MapPin className="size-4 text-brand-500" aria-hidden />
                  {t.placeChosen(place.locationNames.join(' '))}
                </p>
                <Button type="button" variant="ghost" size="sm" onClick={() => setPlace(null)}>
                  {t.changePlace}
                </Button>
              </div>
            ) : (
              placeSearch(setPlace)
            )}
            {fieldErrors.place ? <p className="text-[13px] text-red-600">{fieldErrors.place}</p> : null}
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t.from}
              type="date"
              value={from}
              min={today}
              max={seoulDatePlus(TRIP_LIMITS.startWithinDays)}
              required
              onChange={(e) => {
                const next = e.target.value;
                setFrom(next);
                if (next && (to < next || to > addDays(next, TRIP_LIMITS.lastDaysMax - 1))) setTo(next);
              }}
              error={fieldErrors.from ?? null}
            />
            <TextField
              label={t.to}
              type="date"
              value={to}
              min={from}
              max={from ? addDays(from, TRIP_LIMITS.lastDaysMax - 1) : undefined}
              required
              onChange={(e) => setTo(e.target.value)}
              error={fieldErrors.to ?? null}
            />
          </div>
          <p className="text-sm text-ink-muted">{t.climatologyHint}</p>
          {error ? <FormError message={error} /> : null}
        </DialogBody>
        <DialogFooter>
          <DialogCancel>
            <Button type="button" variant="secondary">
              {ko.common.cancel}
            </Button>
          </DialogCancel>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t.creating : t.create}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
