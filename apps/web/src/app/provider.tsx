import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { bindApiSession } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { loadCsrfToken, useSession } from '@/stores/session';
import { router } from '@/app/router';

// The client takes its token from the session and, when a refresh fails, ends it and shows the login page.
bindApiSession({
  getAccessToken: () => useSession.getState().accessToken,
  async refresh() {
    const jwt = await useSession.getState().refresh({ throwOnError: true });
    return jwt!.accessToken;
  },
  onSessionExpired() {
    // Ending the session also empties the query cache (stores/session.ts).
    useSession.getState().clear();
    void router.navigate(paths.auth.login.href(), { replace: true });
  },
});

// The CSRF cookie is fetched once at start-up (and again after sign-out).
void loadCsrfToken();

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
