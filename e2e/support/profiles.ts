import type { ApiSession } from './api.js';

interface SavedLocation {
  latitude: number;
  longitude: number;
  locationNames: string[];
}

async function call<T>(session: ApiSession, method: string, path: string, body?: FormData): Promise<T> {
  const res = await fetch(`${session.server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${session.accessToken}`, Accept: 'application/json' },
    body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Saves a place as the profile's location the way the settings page does: names from
 * GET /api/weathers/location, then PATCH /api/users/{id}/profiles (multipart part `request`).
 * The weather home then uses it before asking the browser.
 */
export async function saveProfileLocation(
  session: ApiSession,
  place: { longitude: number; latitude: number },
): Promise<SavedLocation> {
  const query = new URLSearchParams({ longitude: String(place.longitude), latitude: String(place.latitude) });
  const location = await call<SavedLocation>(session, 'GET', `/api/weathers/location?${query}`);
  const form = new FormData();
  form.set('request', new Blob([JSON.stringify({ location })], { type: 'application/json' }));
  const profile = await call<{ location: SavedLocation }>(
    session,
    'PATCH',
    `/api/users/${session.userId}/profiles`,
    form,
  );
  return profile.location;
}
