import { ChevronDown, LocateFixed, MapPin, MapPinOff, RotateCw, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { ko, type Location } from '@otboo/contract';
import { CurrentWeather, WeatherDetails } from '@/features/weather/components/current-weather';
import { ForecastStrip } from '@/features/weather/components/forecast-strip';
import { PlaceSearch } from '@/features/weather/components/place-search';
import { WeatherBackdrop } from '@/features/weather/components/weather-backdrop';
import { WeatherNotices } from '@/features/weather/components/weather-notices';
import type { WeatherHome } from '@/features/weather/hooks/use-weather-home';
import { cn } from '@/utils/cn';

interface WeatherHeroProps {
  state: WeatherHome;
  locationNames: string[] | null;
  relocating: boolean;
  onRefreshLocation(): void;
  onRetry(): void;
  onSelect(id: string): void;
  /** Whether the place search shows: no place is known, or the browser refused the refresh. */
  search: boolean;
  onChoosePlace(place: Location): void;
  onEnterCoordinates(): void;
  onCloseSearch(): void;
}

/**
 * The top of the weather home (spec §2): the place with its refresh-location button, the selected day's
 * weather over a sky that matches it, and the five-day strip. Below 1024 px it is a compact summary (place, now,
 * min/max, chance of rain) so that the outfit under it is on the first screen; the details and the strip open
 * with one button (docs/product.md §2).
 */
export function WeatherHero({
  state,
  locationNames,
  relocating,
  onRefreshLocation,
  onRetry,
  onSelect,
  search,
  onChoosePlace,
  onEnterCoordinates,
  onCloseSearch,
}: WeatherHeroProps) {
  const day = state.status === 'ready' ? state.selected : null;
  const busy = state.status === 'locating' || state.status === 'loading';
  const headingId = useId();
  const detailsId = useId();
  const stripId = useId();
  const [expanded, setExpanded] = useState(false);
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={busy}
      data-testid="weather-card"
      className="relative isolate overflow-hidden rounded-[28px] text-white shadow-[0_12px_40px_-16px_rgba(30,64,140,0.55)]"
    >
      <WeatherBackdrop skyStatus={day?.skyStatus} precipitationType={day?.precipitation.type} />
      <div className="relative flex flex-col gap-3 p-4 sm:gap-7 sm:p-8 lg:min-h-[420px]">
        <header className="flex items-start justify-between gap-3 sm:gap-4">
          <h2 id={headingId} className="flex min-w-0 items-start gap-2 text-lg font-bold sm:text-xl">
            <MapPin className="mt-1 size-5 shrink-0" aria-label={ko.weather.currentLocation} role="img" />
            {/* A long name wraps between words (two lines at most) instead of being cut. */}
            <span className="line-clamp-2 break-keep" data-testid="location-name">
              {locationNames?.length
                ? locationNames.join(' ')
                : state.status === 'no-location'
                  ? ko.weather.locationUnavailable
                  : ko.weather.locating}
            </span>
          </h2>
          <button
            type="button"
            onClick={onRefreshLocation}
            disabled={relocating}
            aria-busy={relocating}
            className="inline-flex size-11 shrink-0 items-center justify-center gap-2 rounded-full bg-black/15 text-sm font-bold whitespace-nowrap text-white ring-1 ring-white/30 transition-colors hover:bg-black/25 focus-visible:outline-white disabled:cursor-not-allowed sm:h-9 sm:w-auto sm:px-3.5"
          >
            <LocateFixed className={cn('size-4', relocating && 'animate-pulse')} aria-hidden />
            {/* An icon on a phone, so that the place's name keeps the row; the name is the same words. */}
            <span className="max-sm:sr-only">{ko.weather.refreshLocation}</span>
          </button>
        </header>

        {search && state.status !== 'no-location' ? (
          <PlacePanel
            onChoose={onChoosePlace}
            onEnterCoordinates={onEnterCoordinates}
            onClose={onCloseSearch}
          />
        ) : null}

        {state.status === 'ready' ? (
          <>
            <WeatherNotices days={state.days} />
            <div className="flex flex-1 flex-col justify-end gap-3 lg:gap-7">
              <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
                <CurrentWeather day={state.selected} />
                <WeatherDetails
                  day={state.selected}
                  id={detailsId}
                  className={expanded ? undefined : 'max-lg:hidden'}
                />
              </div>
              <ForecastStrip
                id={stripId}
                days={state.days}
                selectedId={state.selected.id}
                onSelect={onSelect}
                className={expanded ? undefined : 'max-lg:hidden'}
              />
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={`${detailsId} ${stripId}`}
                onClick={() => setExpanded((open) => !open)}
                className="inline-flex min-h-11 items-center justify-center gap-1.5 rounded-xl bg-black/15 px-4 text-sm font-bold text-white ring-1 ring-white/30 transition-colors hover:bg-black/25 focus-visible:outline-white lg:hidden"
              >
                {expanded ? ko.weather.hideDetails : ko.weather.showDetails}
                <ChevronDown
                  className={cn('size-4 transition-transform', expanded && 'rotate-180')}
                  aria-hidden
                />
              </button>
            </div>
          </>
        ) : state.status === 'error' ? (
          <Message
            icon={<RotateCw className="size-7" aria-hidden />}
            role="alert"
            title={ko.weather.loadFailed}
            detail={state.message === ko.weather.loadFailed ? undefined : state.message}
          >
            <button
              type="button"
              onClick={onRetry}
              className="inline-flex h-11 items-center rounded-xl bg-white px-5 text-[15px] font-bold text-brand-600 transition-colors hover:bg-white/90 focus-visible:outline-white"
            >
              {ko.common.retry}
            </button>
          </Message>
        ) : state.status === 'no-location' ? (
          // Only the message is announced; the search to do something about it follows.
          <div className="flex flex-1 flex-col items-center justify-center gap-5">
            <Message
              icon={<MapPinOff className="size-7" aria-hidden />}
              role="alert"
              title={ko.weather.locationAborted}
              detail={ko.places.hint}
            />
            <PlacePanel onChoose={onChoosePlace} onEnterCoordinates={onEnterCoordinates} />
          </div>
        ) : (
          <WeatherSkeleton label={state.status === 'locating' ? ko.weather.locating : ko.weather.loading} />
        )}
      </div>
    </section>
  );
}

/** The place search on a white card over the sky; `onClose` when a place is shown already. */
function PlacePanel({
  onChoose,
  onEnterCoordinates,
  onClose,
}: {
  onChoose(place: Location): void;
  onEnterCoordinates(): void;
  onClose?: () => void;
}) {
  return (
    <div className="relative z-10 flex w-full max-w-md items-start gap-2 self-center rounded-2xl bg-white p-3 text-left text-ink shadow-lg sm:p-4">
      <PlaceSearch
        className="min-w-0 flex-1"
        onChoose={onChoose}
        onEnterCoordinates={onEnterCoordinates}
        autoFocus={onClose !== undefined}
      />
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          aria-label={ko.common.close}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-ink-soft hover:bg-surface"
        >
          <X className="size-5" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}

function Message({
  icon,
  title,
  detail,
  role,
  children,
}: {
  icon: ReactNode;
  title: string;
  detail?: string;
  role: 'alert';
  children?: ReactNode;
}) {
  return (
    <div role={role} className="flex flex-1 flex-col items-center justify-center gap-3 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-black/15 ring-1 ring-white/25">
        {icon}
      </span>
      <p className="text-lg font-bold">{title}</p>
      {detail ? <p className="text-[15px]">{detail}</p> : null}
      {children ? <div className="mt-2">{children}</div> : null}
    </div>
  );
}

/** The shape of the summary and the strip while the place or the forecast is on its way. */
function WeatherSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-1 flex-col justify-end gap-7">
      <span role="status" className="sr-only">
        {label}
      </span>
      <div
        aria-hidden
        className="flex animate-pulse flex-col gap-8 lg:flex-row lg:items-end lg:justify-between"
      >
        <div className="flex items-center gap-4 lg:gap-6">
          <div className="size-16 rounded-[22px] bg-white/15 lg:size-24 lg:rounded-[28px]" />
          <div className="flex flex-col gap-3">
            <div className="h-4 w-24 rounded bg-white/20" />
            <div className="h-12 w-40 rounded-xl bg-white/20 lg:h-14" />
            <div className="h-5 w-56 rounded bg-white/15" />
          </div>
        </div>
        <div className="grid grid-cols-3 gap-3 max-lg:hidden lg:w-[440px]">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-[84px] rounded-2xl bg-white/12" />
          ))}
        </div>
      </div>
      <div aria-hidden className="grid animate-pulse grid-cols-5 gap-2.5 max-lg:hidden">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="h-[124px] rounded-2xl bg-white/12" />
        ))}
      </div>
    </div>
  );
}
