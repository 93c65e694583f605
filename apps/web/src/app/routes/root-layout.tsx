import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { releaseFirstScreen } from '@/lib/first-screen';

/** The screens a kept first screen may stand in for (lib/first-screen-paint.ts): the home, and its redirect. */
const HOME_PATHS = new Set<string>([paths.home.path, paths.recommendations.path]);

/**
 * Every screen: the router's scroll restoration (issue 22). A new screen opens at its top, Back and Forward
 * return to where that entry was scrolled; positions are kept per history entry in sessionStorage. The page
 * scrolls the window (the layouts have no scrolling container of their own), which is what it restores.
 * And on any screen but the home, the kept first screen goes at once.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  // Any other screen (the login page after an expired session, a notification's target) shows at once.
  useLayoutEffect(() => {
    if (!HOME_PATHS.has(pathname)) releaseFirstScreen();
  }, [pathname]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
