import { Link, useSearchParams } from 'react-router';
import { ko } from '@otboo/contract';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { SocialButtons } from '@/features/auth/components/social-buttons';
import { WeatherBanner } from '@/features/auth/components/weather-banner';

/** /auth/login — a failed social sign-in comes back here with ?error=oauth&error_message=… (API.md §3). */
export function LoginRoute() {
  const [params] = useSearchParams();
  const oauthError =
    params.get('error') === 'oauth' ? (params.get('error_message') ?? ko.auth.oauthFailed) : null;

  return (
    <div className="flex flex-col gap-8 pt-6">
      <div className="flex flex-col items-center gap-7 text-center">
        <WeatherBanner />
        <h1 className="text-[26px] leading-snug font-bold text-ink sm:text-[28px]">{ko.auth.loginTitle}</h1>
      </div>
      <section className="flex flex-col gap-6 rounded-[28px] bg-white p-6 shadow-[0_8px_40px_rgba(25,31,40,0.08)] sm:p-10">
        <LoginForm initialError={oauthError} />
        <div className="flex items-center gap-3 text-[13px] text-ink-muted" aria-hidden>
          <span className="h-px flex-1 bg-line" />
          {ko.auth.or}
          <span className="h-px flex-1 bg-line" />
        </div>
        <SocialButtons />
        <div className="flex flex-col items-center gap-2 text-sm">
          <Link
            to={paths.auth.forgotPassword.href()}
            className="text-ink-soft underline-offset-4 hover:text-ink hover:underline"
          >
            {ko.auth.forgotPasswordLink}
          </Link>
          <p className="text-ink-muted">
            {ko.auth.noAccount}{' '}
            <Link
              to={paths.auth.register.href()}
              className="font-bold text-brand-600 underline-offset-4 hover:underline"
            >
              {ko.auth.signUpLink}
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
