import { ko } from '@otboo/contract';

export interface Coordinates {
  longitude: number;
  latitude: number;
}

function fromBrowser(): Promise<Coordinates | null> {
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
 * The user's coordinates: the browser's geolocation, or, when it is unavailable or refused, prompts for
 * longitude (e.g. 126.988) then latitude (e.g. 37.567). Null when the user aborts.
 */
export async function getCoordinates(): Promise<Coordinates | null> {
  const located = await fromBrowser();
  if (located) return located;
  const longitude = ask(ko.profile.promptLongitude, -180, 180);
  if (longitude === null) return null;
  const latitude = ask(ko.profile.promptLatitude, -90, 90);
  if (latitude === null) return null;
  return { longitude, latitude };
}
