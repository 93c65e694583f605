import { Navigate, createHashRouter } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { RootError, RouteError } from '@/components/errors/route-error';
import { paths } from '@/config/paths';
import { ClothesAttributesRoute } from '@/app/routes/admin/clothes-attributes';
import { AdminUsersRoute } from '@/app/routes/admin/users';
import { ForgotPasswordRoute } from '@/app/routes/auth/forgot-password';
import { LoginRoute } from '@/app/routes/auth/login';
import { RegisterRoute } from '@/app/routes/auth/register';
import { ClosetRoute } from '@/app/routes/closet';
import { FeedsRoute } from '@/app/routes/feeds';
import { NotFoundRoute } from '@/app/routes/not-found';
import { ProfilesRoute } from '@/app/routes/profiles';
import { ProtectedLayout } from '@/app/routes/protected-layout';
import { RecommendationsRoute } from '@/app/routes/recommendations';
import { SettingsRoute } from '@/app/routes/settings';

const pageError = <RouteError />;

/** The route table of spec §2 on hash history (`/#/recommendations`). */
export const router = createHashRouter([
  {
    path: '/',
    errorElement: <RootError />,
    children: [
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          { index: true, element: <Navigate to={paths.auth.login.href()} replace /> },
          { path: 'login', element: <LoginRoute />, errorElement: pageError },
          { path: 'register', element: <RegisterRoute />, errorElement: pageError },
          { path: 'forgot-password', element: <ForgotPasswordRoute />, errorElement: pageError },
        ],
      },
      {
        element: <ProtectedLayout />,
        children: [
          { index: true, element: <Navigate to={paths.recommendations.href()} replace /> },
          { path: 'recommendations', element: <RecommendationsRoute />, errorElement: pageError },
          { path: 'closet', element: <ClosetRoute />, errorElement: pageError },
          { path: 'feeds', element: <FeedsRoute />, errorElement: pageError },
          { path: 'profiles', element: <ProfilesRoute />, errorElement: pageError },
          { path: 'admin/users', element: <AdminUsersRoute />, errorElement: pageError },
          { path: 'admin/clothes-attributes', element: <ClothesAttributesRoute />, errorElement: pageError },
          { path: 'settings', element: <SettingsRoute />, errorElement: pageError },
        ],
      },
      { path: '404', element: <NotFoundRoute /> },
      { path: '*', element: <Navigate to={paths.notFound.href()} replace /> },
    ],
  },
]);
