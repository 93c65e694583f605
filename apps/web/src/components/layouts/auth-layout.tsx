import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

/** Public auth pages: a full-screen soft sky background, the logo at top left, one centred column. */
export function AuthLayout() {
  return (
    <div className="min-h-dvh bg-[radial-gradient(ellipse_at_top,_#dcebff_0%,_#f4f8ff_45%,_#ffffff_100%)]">
      <header className="px-6 pt-[max(1.25rem,env(safe-area-inset-top))] pb-5 sm:px-10">
        <Link to={paths.auth.login.href()} className="inline-block rounded-xl">
          <Logo />
        </Link>
      </header>
      <main className="mx-auto w-full max-w-[546px] px-4 pt-4 pb-[max(4rem,env(safe-area-inset-bottom))] sm:px-5">
        <Outlet />
      </main>
    </div>
  );
}
