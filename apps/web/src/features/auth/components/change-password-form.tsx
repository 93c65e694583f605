import { useState, type FormEvent } from 'react';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { changePassword } from '@/features/auth/api/change-password';
import { NewPasswordFields } from '@/features/auth/components/new-password-fields';
import { useNewPassword } from '@/features/auth/hooks/use-new-password';
import { toApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSession } from '@/stores/session';

/** The server's message for one field of a 400, if it named that field. */
function fieldError(error: unknown, field: string): string | null {
  const data = toApiError(error).data as { details?: Record<string, unknown> } | null;
  const message = data?.details?.[field];
  return typeof message === 'string' ? message : null;
}

/**
 * Settings: a new password for the signed-in user. The current password is the proof the server asks for; it
 * may stay empty within 10 minutes of signing in (the server decides and says so in Korean).
 */
export function ChangePasswordForm() {
  const user = useSession((s) => s.user);
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const { password, ready } = newPassword;
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    if (!user) {
      setError(ko.profile.noUser);
      return;
    }
    setBusy(true);
    setError(null);
    setCurrentError(null);
    try {
      await changePassword(user.id, current === '' ? { password } : { password, currentPassword: current });
      toast.success(ko.auth.passwordChanged);
      setCurrent('');
      newPassword.clear();
    } catch (cause) {
      const onCurrent = fieldError(cause, 'currentPassword');
      if (onCurrent) setCurrentError(onCurrent);
      else setError(toApiError(cause).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={ko.auth.changePasswordTitle}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1.5">
        <PasswordField
          label={ko.auth.currentPasswordLabel}
          autoComplete="current-password"
          value={current}
          error={currentError}
          onChange={(e) => {
            setCurrent(e.target.value);
            setCurrentError(null);
            setError(null);
          }}
        />
        <p className="text-[13px] text-ink-muted">{ko.auth.currentPasswordHint}</p>
      </div>
      <NewPasswordFields value={newPassword} onEdit={() => setError(null)} />
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={!ready || busy} className="min-w-32">
          {busy ? ko.auth.changing : ko.auth.changePassword}
        </Button>
      </div>
    </form>
  );
}
