import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ko, type Location, type WeatherDto } from '@otboo/contract';
import { getLocation } from '@/features/weather/api/get-location';
import { getWeathers } from '@/features/weather/api/get-weathers';
import { seoulDate } from '@/features/weather/utils/day-label';
import { weatherCoordinates } from '@/features/weather/utils/weather-coordinates';
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

/** `YYYY-MM-DD` of a forecast day in Seoul, as a notification names it. */
function isoDay(forecastAt: string): string {
  const { year, month, day } = seoulDate(new Date(forecastAt));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : ko.weather.loadFailed;
}

/**
 * The weather home's data (docs/product.md §2, §4): picks the place (profile, else geolocation, else the place
 * search or, behind it, the coordinate prompts), loads the five days for it, keeps the selected day (the first one
 * whenever a list arrives) and re-acquires the browser location on refresh (the place search opens when the
 * browser refuses). A new profile location moves the page there and reloads.
 */
export function useWeatherHome(profileLocation: ProfileLocation) {
  const queryClient = useQueryClient();
  const [place, setPlace] = useState<Place | null>(null);
  const [aborted, setAborted] = useState(false);
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

  const known = profileLocation !== undefined;
  const savedLongitude = profileLocation?.longitude;
  const savedLatitude = profileLocation?.latitude;
  const savedNames = profileLocation?.locationNames.join('\u0000');

  // One lookup per source: StrictMode's second effect run must not ask the browser or the user twice.
  const lookup = useRef<{ source: string; result: Promise<Coordinates | null> } | null>(null);

  useEffect(() => {
    if (!known) return;
    const saved =
      savedLongitude !== undefined && savedLatitude !== undefined
        ? { longitude: savedLongitude, latitude: savedLatitude }
        : null;
    const source = saved ? `${saved.longitude},${saved.latitude}` : 'device';
    if (lookup.current?.source !== source) lookup.current = { source, result: weatherCoordinates(saved) };
    let active = true;
    void lookup.current.result.then((found) => {
      if (!active) return;
      if (found) {
        setPlace({ ...found, names: saved && savedNames ? savedNames.split('\u0000') : undefined });
        setAborted(false);
      } else {
        setAborted(true);
      }
    });
    return () => {
      active = false;
    };
  }, [known, savedLongitude, savedLatitude, savedNames]);

  const forecast = useQuery({
    queryKey: queryKeys.weather.forecast(place),
    queryFn: place ? () => getWeathers({ longitude: place.longitude, latitude: place.latitude }) : skipToken,
  });

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
    setPlace(next);
    setAborted(false);
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
  const selected =
    days?.find((day) => day.id === selectedId) ??
    days?.find((day) => askedDay !== null && isoDay(day.forecastAt) === askedDay) ??
    days?.[0];
  if (!place) state = aborted ? { status: 'no-location' } : { status: 'locating' };
  else if (forecast.isFetching || forecast.isPending) state = { status: 'loading' };
  else if (forecast.error) state = { status: 'error', message: messageOf(forecast.error) };
  else if (!days || !selected) state = { status: 'error', message: ko.weather.loadFailed };
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
    search,
    choose,
    enterCoordinates,
    closeSearch,
  };
}
