import { Navigate, createHashRouter } from 'react-router';
import { ko } from '@otboo/contract';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { RootError, RouteError } from '@/components/errors/route-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { LoginRoute } from '@/app/routes/auth/login';
import { RootLayout } from '@/app/routes/root-layout';

const pageError = <RouteError />;

// Each page loads with its first visit (its own chunk); the login page, the first screen, ships with the app.
// The signed-in frame is a chunk of its own too (with the bell, the conversations and their clients), so the
// login page downloads none of it (issue 18's first-paint budget: scripts/check-bundle-budget.mjs).
const page = (load: () => Promise<{ Component: React.ComponentType }>) => ({
  lazy: load,
  errorElement: pageError,
});

/** The route table of docs/product.md §2 on hash history (`/#/recommendations`). */
export const router = createHashRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RootError />,
    // Shown, and announced, while the first screen's chunks load (an address other than the login page's).
    hydrateFallbackElement: (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label={ko.common.loading} />
      </div>
    ),
    children: [
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          { index: true, element: <Navigate to={paths.auth.login.href()} replace /> },
          { path: 'login', element: <LoginRoute />, errorElement: pageError },
          {
            path: 'register',
            ...page(async () => ({ Component: (await import('@/app/routes/auth/register')).RegisterRoute })),
          },
          {
            path: 'forgot-password',
            ...page(async () => ({
              Component: (await import('@/app/routes/auth/forgot-password')).ForgotPasswordRoute,
            })),
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('@/app/routes/protected-layout')).ProtectedLayout }),
        children: [
          { index: true, element: <Navigate to={paths.recommendations.href()} replace /> },
          {
            path: 'recommendations',
            ...page(async () => ({
              Component: (await import('@/app/routes/recommendations')).RecommendationsRoute,
            })),
          },
          {
            path: 'plans',
            ...page(async () => ({ Component: (await import('@/app/routes/plans')).PlansRoute })),
          },
          {
            path: 'closet',
            ...page(async () => ({ Component: (await import('@/app/routes/closet')).ClosetRoute })),
          },
          {
            path: 'closet/report',
            ...page(async () => ({
              Component: (await import('@/app/routes/closet-report')).ClosetReportRoute,
            })),
          },
          {
            path: 'closet/archive',
            ...page(async () => ({
              Component: (await import('@/app/routes/closet-archive')).ClosetArchiveRoute,
            })),
          },
          {
            path: 'trips',
            ...page(async () => ({ Component: (await import('@/app/routes/trips')).TripsRoute })),
          },
          {
            path: 'trips/:tripId',
            ...page(async () => ({ Component: (await import('@/app/routes/trip')).TripRoute })),
          },
          {
            path: 'feeds',
            ...page(async () => ({ Component: (await import('@/app/routes/feeds')).FeedsRoute })),
          },
          {
            path: 'profiles',
            ...page(async () => ({ Component: (await import('@/app/routes/profiles')).ProfilesRoute })),
          },
          {
            path: 'admin/users',
            ...page(async () => ({ Component: (await import('@/app/routes/admin/users')).AdminUsersRoute })),
          },
          {
            path: 'admin/clothes-attributes',
            ...page(async () => ({
              Component: (await import('@/app/routes/admin/clothes-attributes')).ClothesAttributesRoute,
            })),
          },
          {
            path: 'settings',
            ...page(async () => ({ Component: (await import('@/app/routes/settings')).SettingsRoute })),
          },
        ],
      },
      {
        path: '404',
        lazy: async () => ({ Component: (await import('@/app/routes/not-found')).NotFoundRoute }),
      },
      { path: '*', element: <Navigate to={paths.notFound.href()} replace /> },
    ],
  },
]);
