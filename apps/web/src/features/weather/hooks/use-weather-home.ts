import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ko, type Location, type WeatherDto } from '@otboo/contract';
import { forecastQueryOptions } from '@/features/weather/api/forecast-query';
import { getLocation } from '@/features/weather/api/get-location';
import { selectDay } from '@/features/weather/utils/select-day';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { askCoordinates, getDeviceCoordinates, type Coordinates } from '@/utils/get-coordinates';

/** The place the page shows; `names` are known at once when it comes from the profile. */
interface Place extends Coordinates {
  names?: string[];
}

export type WeatherHome =
  | { status: 'locating' }
  /** Neither the profile nor the browser gives a place: the page offers the place search. */
  | { status: 'no-location' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; days: WeatherDto[]; selected: WeatherDto };

/** The profile's saved location: undefined while the profile is not known yet, null when none is saved. */
export type ProfileLocation = Pick<Location, 'longitude' | 'latitude' | 'locationNames'> | null | undefined;

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : ko.weather.loadFailed;
}

/** The saved location as a place, with its names. */
function savedPlace(profileLocation: ProfileLocation): Place | null {
  return profileLocation
    ? {
        longitude: profileLocation.longitude,
        latitude: profileLocation.latitude,
        names: profileLocation.locationNames,
      }
    : null;
}

/** Tells a saved location from another (undefined while the profile is not known). */
function savedKey(profileLocation: ProfileLocation): string | undefined {
  if (profileLocation === undefined) return undefined;
  if (profileLocation === null) return '';
  const { longitude, latitude, locationNames } = profileLocation;
  return [longitude, latitude, ...locationNames].join('\u0000');
}

/**
 * The weather home's data (docs/product.md §2, §4): picks the place (one picked on the page, else the profile's,
 * else geolocation, else the place search or, behind it, the coordinate prompts), loads the five days for it, keeps
 * the selected day (the first one whenever a list arrives) and re-acquires the browser location on refresh (the
 * place search opens when the browser refuses). A new profile location moves the page there and reloads.
 * The place follows from the profile in the same render (no effect in between): with the profile and the forecast
 * kept on the phone, the days show in the first frames (issue 23).
 */
export function useWeatherHome(profileLocation: ProfileLocation) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Place | null>(null);
  const [relocating, setRelocating] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // `?date=` (a notification's day, docs/api.md §9.9) selects that day until the user picks another; an address
  // with another date selects that one.
  const [searchParams] = useSearchParams();
  const askedDay = searchParams.get('date');
  const [shownAskedDay, setShownAskedDay] = useState(askedDay);
  if (shownAskedDay !== askedDay) {
    setShownAskedDay(askedDay);
    setSelectedId(null);
  }
  // A location saved since (here, in the settings or on another device) moves the page there.
  const saved = savedKey(profileLocation);
  const [shownSaved, setShownSaved] = useState(saved);
  if (shownSaved !== saved) {
    setShownSaved(saved);
    setChosen(null);
  }

  // Geolocation only when the profile has no location and no place was picked; asked again on each visit.
  const device = useQuery({
    queryKey: queryKeys.weather.device(),
    queryFn: getDeviceCoordinates,
    enabled: profileLocation === null && chosen === null,
    meta: { persist: false },
  });

  const place: Place | null = chosen ?? savedPlace(profileLocation) ?? device.data ?? null;
  const aborted = place === null && device.data === null;

  const forecast = useQuery(forecastQueryOptions(place));

  // A place from the device has no names yet: ask for them beside the forecast, so that the heading names
  // the place even while the forecast loads or fails.
  const location = useQuery({
    queryKey: queryKeys.weather.location(place),
    queryFn:
      place && !place.names
        ? () =>
            getLocation({ longitude: place.longitude, latitude: place.latitude }).catch((error: unknown) => {
              console.warn(error);
              throw error;
            })
        : skipToken,
  });

  const moveTo = useCallback((next: Place) => {
    setChosen(next);
    setSearchOpen(false);
  }, []);

  /** The refresh-location button: asks the browser again; when it refuses, the place search opens. */
  const refresh = useCallback(async () => {
    setRelocating(true);
    try {
      const found = await getDeviceCoordinates();
      if (found) {
        moveTo(found);
        // The same place is asked again too: the forecast may have moved on since.
        void queryClient.invalidateQueries({ queryKey: queryKeys.weather.forecast(found) });
      } else {
        setSearchOpen(true);
      }
    } finally {
      setRelocating(false);
    }
  }, [queryClient, moveTo]);

  /** A place picked in the search: shown at once with its names. */
  const choose = useCallback(
    (found: Location) =>
      moveTo({ longitude: found.longitude, latitude: found.latitude, names: found.locationNames }),
    [moveTo],
  );

  /** '좌표로 입력': the longitude and latitude prompts; cancelling keeps the search open. */
  const enterCoordinates = useCallback(() => {
    const found = askCoordinates();
    if (found) moveTo(found);
  }, [moveTo]);

  const closeSearch = useCallback(() => setSearchOpen(false), []);

  const { refetch } = forecast;
  const retry = useCallback(() => void refetch(), [refetch]);

  let state: WeatherHome;
  const days = forecast.data;
  const selected = selectDay(days, selectedId, askedDay);
  if (!place) state = aborted ? { status: 'no-location' } : { status: 'locating' };
  // A retry shows as loading; days held (kept from the last visit, or asked again) stay while fresh ones load.
  else if (forecast.error) {
    state = forecast.isFetching
      ? { status: 'loading' }
      : { status: 'error', message: messageOf(forecast.error) };
  } else if (!days) state = { status: 'loading' };
  else if (!selected) state = { status: 'error', message: ko.weather.loadFailed };
  else state = { status: 'ready', days, selected };

  // A place picked by name (or saved so) keeps the level the user picked ('서울특별시 강남구'): the forecast's
  // own names come from its coordinates, down to a 동, and stand in only for a place from the device.
  const names = place?.names ?? location.data?.locationNames;
  let locationNames: string[] | null = null;
  if (place?.names?.length) locationNames = place.names;
  else if (state.status === 'ready') locationNames = state.selected.location.locationNames;
  else if (names?.length) locationNames = names;
  else if (place) locationNames = [ko.weather.coordinateLabel(place.latitude, place.longitude)];

  const search = state.status === 'no-location' || searchOpen;
  return {
    state,
    locationNames,
    relocating,
    refresh,
    retry,
    select: setSelectedId,
    /** The selected day was picked by hand (not today or the address's day by default). */
    picked: selected !== undefined && selected.id === selectedId,
    search,
    choose,
    enterCoordinates,
    closeSearch,
  };
}
