import { ko } from '@otboo/contract';

export interface Coordinates {
  longitude: number;
  latitude: number;
}

/** The browser's geolocation; null when it is refused, fails or does not exist. */
export function getDeviceCoordinates(): Promise<Coordinates | null> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ longitude: position.coords.longitude, latitude: position.coords.latitude }),
      () => resolve(null),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  });
}

/** A number typed into a prompt; cancel, blank, zero or nonsense abort (docs/product.md §2). */
function ask(message: string, min: number, max: number): number | null {
  const answer = window.prompt(message);
  if (answer === null) return null;
  const value = Number(answer.trim());
  if (answer.trim() === '' || !Number.isFinite(value) || value === 0 || value < min || value > max)
    return null;
  return value;
}

/**
 * The coordinates typed into two prompts, longitude (e.g. 126.988) then latitude (e.g. 37.567): the '좌표로 입력'
 * fallback after the place search (docs/product.md §2). Null when the user cancels or answers zero.
 */
export function askCoordinates(): Coordinates | null {
  const longitude = ask(ko.profile.promptLongitude, -180, 180);
  if (longitude === null) return null;
  const latitude = ask(ko.profile.promptLatitude, -90, 90);
  if (latitude === null) return null;
  return { longitude, latitude };
}
