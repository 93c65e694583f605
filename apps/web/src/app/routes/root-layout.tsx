import { Outlet, ScrollRestoration } from 'react-router';

/**
 * Every screen: the router's scroll restoration (issue 22). A new screen opens at its top, Back and Forward
 * return to where that entry was scrolled; positions are kept per history entry in sessionStorage. The page
 * scrolls the window (the layouts have no scrolling container of their own), which is what it restores.
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
