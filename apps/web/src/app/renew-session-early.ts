import type { JwtDto } from '@otboo/contract';
import { PUBLIC_ADDRESS } from '@/config/public-address';
import { getProfile } from '@/features/users/api/get-profile';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/stores/session';

let early: Promise<JwtDto | null> | null = null;

/**
 * Starts renewing the session while the app's first chunks still download, when its address (`location.hash`)
 * is a signed-in screen: the refresh, and then the user's profile that the top bar and the weather home read
 * first, no longer wait for the signed-in frame's chunk to arrive and mount (issue 18's first paint).
 */
export function renewSessionEarly(hash: string): void {
  if (PUBLIC_ADDRESS.test(hash)) return;
  const pending = useSession.getState().refresh({ throwOnError: true });
  early = pending;
  pending
    .then((jwt) => {
      if (!jwt) return;
      // useProfile's query: the screens find it asked already.
      const userId = jwt.userDto.id;
      void queryClient.prefetchQuery({
        queryKey: queryKeys.users.profile(userId),
        queryFn: () => getProfile(userId),
      });
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
