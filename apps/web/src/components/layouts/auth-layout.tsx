import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

/** Public auth pages: a full-screen soft sky background, the logo at top left, one centred column. */
export function AuthLayout() {
  return (
    <div className="min-h-dvh bg-[radial-gradient(ellipse_at_top,_#dcebff_0%,_#f4f8ff_45%,_#ffffff_100%)]">
      <header className="px-6 py-5 sm:px-10">
        <Link to={paths.auth.login.href()} className="inline-block rounded-xl">
          <Logo />
        </Link>
      </header>
      <main className="mx-auto w-full max-w-[546px] px-5 pt-4 pb-16">
        <Outlet />
      </main>
    </div>
  );
}
