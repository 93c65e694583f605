import type { JwtDto } from '@otboo/contract';
import { PUBLIC_ADDRESS } from '@/config/public-address';
import { profileQueryOptions } from '@/features/users/api/profile-query';
import { queryClient } from '@/lib/query-client';
import { rememberedUser, useSession } from '@/stores/session';

let early: Promise<JwtDto | null> | null = null;

/** The weather home's addresses: `#/`, `#/recommendations`, `#/recommendations?date=…`, or none. */
const HOME_ADDRESS = /^(#\/?(recommendations)?)?(\?|$)/;

/** The home's `?date=` (a notification's day), if any. */
function askedDay(hash: string): string | null {
  const query = hash.indexOf('?');
  return query === -1 ? null : new URLSearchParams(hash.slice(query + 1)).get('date');
}

/** Asks for what the screen at `hash` needs first, for `userId`, without waiting for its chunks. */
function startScreen(hash: string, userId: string): void {
  if (HOME_ADDRESS.test(hash)) {
    // Its own chunk (the home's, preloaded by index.html), so that the login page's code does not carry it.
    void import('@/app/home-queries').then(({ startHome }) => startHome(queryClient, userId, askedDay(hash)));
  } else {
    // The top bar's avatar.
    void queryClient.prefetchQuery(profileQueryOptions(userId));
  }
}

/**
 * Starts a signed-in screen (its address is `location.hash`) while the app's first chunks still download. The user
 * this phone remembers shows at once, with what the phone kept of their data (restored before this call,
 * app/provider.tsx), while the session is renewed; the renewal, and the requests of the screen, which wait only for
 * it, no longer wait for the signed-in frame's chunk to arrive and mount (issues 18 and 23). A refused renewal ends
 * the session and its kept data (stores/session.ts) and the guard shows the login page.
 */
export function renewSessionEarly(hash: string): void {
  if (PUBLIC_ADDRESS.test(hash)) return;
  const remembered = rememberedUser();
  if (remembered && !useSession.getState().user) useSession.setState({ user: remembered });
  const pending = useSession.getState().refresh({ throwOnError: true });
  early = pending;
  if (remembered) startScreen(hash, remembered.id);
  pending
    .then((jwt) => {
      if (jwt && jwt.userDto.id !== remembered?.id) startScreen(hash, jwt.userDto.id);
    })
    .catch(() => {
      // The route guard takes this failure (takeEarlyRenewal) and sends a refused session to the login page.
    });
}

/** The start-up renewal, once: the route guard's first renewal is this one instead of another request. */
export function takeEarlyRenewal(): Promise<JwtDto | null> | null {
  const pending = early;
  early = null;
  return pending;
}
