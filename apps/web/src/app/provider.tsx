import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { bindApiSession } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { bindCacheOwner, queryPersister, restoreAndPersist } from '@/lib/query-persister';
import { loadCsrfToken, pendingRenewal, rememberedUser, useSession } from '@/stores/session';
import { renewSessionEarly } from '@/app/renew-session-early';
import { router } from '@/app/router';

// The client takes its token from the session and, when a refresh fails, ends it and shows the login page.
bindApiSession({
  getAccessToken: () => useSession.getState().accessToken,
  async refresh() {
    const jwt = await useSession.getState().refresh({ throwOnError: true });
    if (!jwt) throw new Error('The session refresh returned no session.');
    return jwt.accessToken;
  },
  pendingRenewal,
  onSessionExpired() {
    // Ending the session also empties the query cache (stores/session.ts).
    useSession.getState().clear();
    void router.navigate(paths.auth.login.href(), { replace: true });
  },
});

// What the last session on this device saved is restored at start (its buster names that user), before the
// first render and before the session is renewed: a returning user's home shows from it at once, and offline it is
// what the app shows (docs/product.md "Offline").
restoreAndPersist(queryClient, rememberedUser()?.id ?? null);

// The CSRF cookie is fetched once at start-up (and again after sign-out).
void loadCsrfToken();
// A signed-in screen's session is renewed beside it, before that screen's chunks have arrived.
renewSessionEarly(location.hash);

// The persisted cache is the signed-in user's: written only while someone is signed in, stamped with their id.
bindCacheOwner(() => useSession.getState().user?.id ?? null);
// A save still waiting is written before the page goes away (an installed app is often just swiped off).
addEventListener('pagehide', () => queryPersister.flush());
addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') queryPersister.flush();
});

/** App-wide providers around the router. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </StrictMode>
  );
}
