import { useState } from 'react';
import { Link } from 'react-router';
import { ko } from '@otboo/contract';
import { paths } from '@/config/paths';
import { DoneStep } from '@/features/auth/components/forgot-password/done-step';
import { EmailStep } from '@/features/auth/components/forgot-password/email-step';
import { NewPasswordStep } from '@/features/auth/components/forgot-password/new-password-step';
import { TemporaryPasswordStep } from '@/features/auth/components/forgot-password/temporary-password-step';
import { cn } from '@/utils/cn';

type Step = 1 | 2 | 3 | 4;

const DESCRIPTIONS: Record<Step, string> = {
  1: ko.auth.forgotStep1Description,
  2: ko.auth.forgotStep2Description,
  3: ko.auth.forgotStep3Description,
  4: ko.auth.forgotDoneDescription,
};

/**
 * The four steps of spec §2/§4: e-mail → temporary password (3-minute countdown, then a sign-in with
 * it) → new password → done, with an automatic return to the login page.
 */
export function ForgotPasswordFlow() {
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState('');

  return (
    <section
      aria-labelledby="forgot-title"
      className="rounded-[28px] bg-white p-6 shadow-[0_8px_40px_rgba(25,31,40,0.08)] sm:p-10"
    >
      <ol aria-hidden className="mb-6 flex gap-1.5">
        {[1, 2, 3, 4].map((n) => (
          <li key={n} className={cn('h-1.5 flex-1 rounded-full', n <= step ? 'bg-brand-500' : 'bg-line')} />
        ))}
      </ol>
      <h1 id="forgot-title" className="text-2xl font-bold text-ink">
        {step === 4 ? ko.auth.forgotDoneTitle : ko.auth.forgotTitle}
      </h1>
      <p className="mt-2 mb-7 text-[15px] text-ink-soft">{DESCRIPTIONS[step]}</p>

      {step === 1 ? (
        <EmailStep
          initialEmail={email}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep(2);
          }}
        />
      ) : null}
      {step === 2 ? (
        <TemporaryPasswordStep
          email={email}
          onVerified={() => setStep(3)}
          onRestart={() => {
            setEmail('');
            setStep(1);
          }}
        />
      ) : null}
      {step === 3 ? <NewPasswordStep onChanged={() => setStep(4)} /> : null}
      {step === 4 ? <DoneStep /> : null}

      <p className="mt-6 text-center">
        <Link
          to={paths.auth.login.href()}
          className="text-sm text-ink-soft underline-offset-4 hover:text-ink hover:underline"
        >
          {ko.auth.backToLogin}
        </Link>
      </p>
    </section>
  );
}
