import { Link } from 'react-router';
import { ko } from '@otboo/contract';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';

/** /auth/register */
export function RegisterRoute() {
  return (
    <section
      aria-labelledby="register-title"
      className="mt-6 flex flex-col gap-7 rounded-[28px] bg-white p-6 shadow-[0_8px_40px_rgba(25,31,40,0.08)] sm:p-10"
    >
      <div>
        <h1 id="register-title" className="text-2xl font-bold text-ink">
          {ko.auth.registerTitle}
        </h1>
        <p className="mt-2 text-[15px] text-ink-soft">{ko.app.tagline}</p>
      </div>
      <RegisterForm />
      <p className="text-center text-sm text-ink-muted">
        {ko.auth.haveAccount}{' '}
        <Link
          to={paths.auth.login.href()}
          className="font-bold text-brand-600 underline-offset-4 hover:underline"
        >
          {ko.auth.login}
        </Link>
      </p>
    </section>
  );
}
