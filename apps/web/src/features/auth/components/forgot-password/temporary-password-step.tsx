import { Clock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { formatMmss, useCountdown } from '@/features/auth/hooks/use-countdown';
import { maskEmail } from '@/features/auth/utils/mask-email';
import { liveError, temporaryPasswordRule } from '@/features/auth/utils/validation';
import { useSession } from '@/stores/session';
import { cn } from '@/utils/cn';

interface TemporaryPasswordStepProps {
  email: string;
  onVerified(): void;
  /** Back to step 1 with the e-mail cleared, after the countdown ran out. */
  onRestart(): void;
}

/** Step 2: the temporary password from the e-mail, within 3 minutes; checked by signing in with it. */
export function TemporaryPasswordStep({ email, onVerified, onRestart }: TemporaryPasswordStepProps) {
  const signIn = useSession((s) => s.signIn);
  const [startedAt] = useState(() => Date.now());
  const left = useCountdown(LIMITS.temporaryPasswordSeconds, startedAt);
  const expired = left === 0;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (expired) {
      onRestart();
      return;
    }
    if (temporaryPasswordRule(password) || busy) return;
    setBusy(true);
    setError(null);
    try {
      await signIn(email, password);
      onVerified();
    } catch {
      setError(ko.auth.temporaryFailed);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex items-center justify-between rounded-xl bg-surface-soft px-4 py-3">
        <span className="text-[15px] font-bold text-ink">{maskEmail(email)}</span>
        <span
          role="timer"
          aria-label={ko.auth.remainingTime}
          className={cn(
            'flex items-center gap-1.5 text-[15px] font-bold tabular-nums',
            expired ? 'text-red-600' : 'text-brand-600',
          )}
        >
          <Clock className="size-4" aria-hidden />
          {expired ? ko.auth.timeout : formatMmss(left)}
        </span>
      </div>
      <PasswordField
        label={ko.auth.temporaryPasswordLabel}
        autoComplete="one-time-code"
        placeholder={ko.validation.temporaryPasswordRequired}
        value={password}
        disabled={expired}
        error={liveError(temporaryPasswordRule, password)}
        onChange={(e) => {
          setPassword(e.target.value);
          setError(null);
        }}
      />
      <FormError message={expired ? ko.auth.verificationExpired : error} />
      <Button
        type="submit"
        size="lg"
        variant={expired ? 'outline' : 'primary'}
        disabled={!expired && (password.trim() === '' || busy)}
        className="w-full"
      >
        {expired ? ko.auth.restart : busy ? ko.auth.sending : ko.auth.next}
      </Button>
    </form>
  );
}
