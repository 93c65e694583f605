import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { StrictMode, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { bindApiSession } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { bindCacheOwner, persistOptions, queryPersister } from '@/lib/query-persister';
import { loadCsrfToken, rememberedUser, useSession } from '@/stores/session';
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
  onSessionExpired() {
    // Ending the session also empties the query cache (stores/session.ts).
    useSession.getState().clear();
    void router.navigate(paths.auth.login.href(), { replace: true });
  },
});

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

// What the last session on this device saved is restored at start (its buster names that user), before the
// session is renewed: offline, it is what the app shows (docs/product.md "Offline").
const startupPersistOptions = persistOptions(rememberedUser()?.id ?? null);

/** App-wide providers around the router. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <PersistQueryClientProvider client={queryClient} persistOptions={startupPersistOptions}>
        {children}
        <Toaster />
      </PersistQueryClientProvider>
    </StrictMode>
  );
}
